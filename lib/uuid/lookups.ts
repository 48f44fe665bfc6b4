// GET …/get-by-uuid/{uuid}/: the object a uuid names, answered by the same getter (and so in
// the same shape) as its by-id endpoint. An unknown uuid, or one of another organisation,
// reaches the getter as id 0 and answers its 404.
import { getEnvironment } from "@/lib/environments/environments";
import { getFeature } from "@/lib/features/features";
import { getMultivariateOption } from "@/lib/features/mv-options";
import { getOrganisation } from "@/lib/organisations/organisations";
import { getFeatureState } from "@/lib/overrides/override-states";
import { getProject } from "@/lib/projects/projects";
import { getSegment } from "@/lib/segments/segments";
import {
  environmentOfUuid,
  featureOfUuid,
  featureStateOfUuid,
  optionOfUuid,
  organisationIdOfUuid,
  projectIdOfUuid,
  segmentOfUuid,
} from "./refs";

export async function getOrganisationByUuid(userId: number, uuid: string) {
  return getOrganisation(userId, await organisationIdOfUuid(uuid));
}

export async function getProjectByUuid(userId: number, uuid: string) {
  return getProject(userId, await projectIdOfUuid(uuid));
}

export async function getEnvironmentByUuid(userId: number, uuid: string) {
  return getEnvironment(userId, (await environmentOfUuid(uuid)).apiKey);
}

export async function getFeatureByUuid(userId: number, uuid: string) {
  const ref = await featureOfUuid(uuid);
  return getFeature({ userId, projectId: ref.projectId, featureId: ref.id });
}

export async function getSegmentByUuid(userId: number, uuid: string) {
  const ref = await segmentOfUuid(uuid);
  return getSegment({ userId, projectId: ref.projectId }, ref.id);
}

export async function getMultivariateOptionByUuid(userId: number, uuid: string) {
  const ref = await optionOfUuid(uuid);
  return getMultivariateOption({
    userId,
    projectId: ref.projectId,
    featureId: ref.featureId,
    optionId: ref.id,
  });
}

export async function getFeatureStateByUuid(userId: number, uuid: string) {
  return getFeatureState(userId, (await featureStateOfUuid(uuid)).id);
}
