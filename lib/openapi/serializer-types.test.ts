// Each serializer returns the type inferred from its response schema, so a serializer that
// drifts from what the documentation promises fails `npm run typecheck` (which covers this
// file), before the conformance test ever calls it. The checks below run in `tsc`.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { serializeAuditLog, serializeAuditLogDetail } from "@/lib/audit/serializers";
import type { ZAuditLogEntry, ZAuditLogEntryDetail } from "@/lib/audit/responses";
import { serializeUser } from "@/lib/auth/users";
import type { ZUser } from "@/lib/auth/responses";
import { serializeEnvironment } from "@/lib/wire/environment";
import { serializeServerKey } from "@/lib/environments/server-keys";
import type { ZServerKey } from "@/lib/environments/responses";
import type { ZEnvironment } from "@/lib/wire/environment";
import { serializeFeature, serializeMultivariateOption } from "@/lib/features/feature-serializers";
import type { ZFeature, ZMultivariateOption } from "@/lib/features/responses";
import { serializeFeatureState, serializeFeatureStateNested } from "@/lib/features/serializers";
import type { ZFeatureState, ZFeatureStateNested } from "@/lib/features/state-responses";
import { serializeIdentity, serializeTrait } from "@/lib/identities/serializers";
import type { ZIdentity, ZTrait } from "@/lib/identities/responses";
import { serializeInvite } from "@/lib/invitations/invitations";
import type { ZInvite } from "@/lib/invitations/responses";
import { serializeMasterApiKey } from "@/lib/master-api-keys/master-api-keys";
import type { ZMasterApiKey } from "@/lib/master-api-keys/responses";
import { serializeOrganisation } from "@/lib/organisations/organisations";
import type { ZOrganisation } from "@/lib/organisations/responses";
import { serializeFeatureSegment, serializeSegmentOverride } from "@/lib/overrides/serializers";
import type { ZFeatureSegment, ZSegmentOverride } from "@/lib/overrides/responses";
import { serializeGroup, serializeMember } from "@/lib/permissions/serializers";
import type { ZGroup, ZMember } from "@/lib/permissions/responses";
import { serializeProject, ZProject } from "@/lib/wire/project";
import { serializeScheduledChange } from "@/lib/scheduled/scheduled-changes";
import type { ZScheduledChange } from "@/lib/scheduled/responses";
import { serializeSegment } from "@/lib/segments/serializers";
import type { ZSegment } from "@/lib/segments/responses";
import { serializeTag } from "@/lib/tags/serializers";
import type { ZTag } from "@/lib/tags/responses";
import { serializeFeatureVersion } from "@/lib/versions/serializers";
import type { ZFeatureVersion } from "@/lib/versions/responses";
import { serializeWebhook } from "@/lib/webhooks/webhooks";
import type { ZWebhook } from "@/lib/webhooks/responses";

type Project = z.infer<typeof ZProject>;

describe("serializers", () => {
  it("return exactly their response schema's type", () => {
    expectTypeOf(serializeAuditLog).returns.toEqualTypeOf<z.infer<typeof ZAuditLogEntry>>();
    expectTypeOf(serializeAuditLogDetail).returns.toEqualTypeOf<z.infer<typeof ZAuditLogEntryDetail>>();
    expectTypeOf(serializeUser).returns.toEqualTypeOf<z.infer<typeof ZUser>>();
    expectTypeOf(serializeEnvironment).returns.toEqualTypeOf<z.infer<typeof ZEnvironment>>();
    expectTypeOf(serializeServerKey).returns.toEqualTypeOf<z.infer<typeof ZServerKey>>();
    expectTypeOf(serializeFeature).returns.toEqualTypeOf<z.infer<typeof ZFeature>>();
    expectTypeOf(serializeMultivariateOption).returns.toEqualTypeOf<z.infer<typeof ZMultivariateOption>>();
    expectTypeOf(serializeFeatureState).returns.toEqualTypeOf<z.infer<typeof ZFeatureState>>();
    expectTypeOf(serializeFeatureStateNested).returns.toEqualTypeOf<z.infer<typeof ZFeatureStateNested>>();
    expectTypeOf(serializeIdentity).returns.toEqualTypeOf<z.infer<typeof ZIdentity>>();
    expectTypeOf(serializeTrait).returns.toEqualTypeOf<z.infer<typeof ZTrait>>();
    expectTypeOf(serializeInvite).returns.toEqualTypeOf<z.infer<typeof ZInvite>>();
    expectTypeOf(serializeMasterApiKey).returns.toEqualTypeOf<z.infer<typeof ZMasterApiKey>>();
    expectTypeOf(serializeOrganisation).returns.toEqualTypeOf<z.infer<typeof ZOrganisation>>();
    expectTypeOf(serializeFeatureSegment).returns.toEqualTypeOf<z.infer<typeof ZFeatureSegment>>();
    expectTypeOf(serializeSegmentOverride).returns.toEqualTypeOf<z.infer<typeof ZSegmentOverride>>();
    expectTypeOf(serializeGroup).returns.toEqualTypeOf<z.infer<typeof ZGroup>>();
    expectTypeOf(serializeMember).returns.toEqualTypeOf<z.infer<typeof ZMember>>();
    expectTypeOf(serializeProject).returns.toEqualTypeOf<Project>();
    expectTypeOf(serializeScheduledChange).returns.toEqualTypeOf<z.infer<typeof ZScheduledChange>>();
    expectTypeOf(serializeSegment).returns.toEqualTypeOf<z.infer<typeof ZSegment>>();
    expectTypeOf(serializeTag).returns.toEqualTypeOf<z.infer<typeof ZTag>>();
    expectTypeOf(serializeFeatureVersion).returns.toEqualTypeOf<z.infer<typeof ZFeatureVersion>>();
    expectTypeOf(serializeWebhook).returns.toEqualTypeOf<z.infer<typeof ZWebhook>>();
  });

  it("cannot return a field their schema lacks, nor leave out one it promises", () => {
    // A serializer written the way the domains write theirs, drifting both ways.
    type Row = Parameters<typeof serializeProject>[0];
    function withExtraField(project: Row): Project {
      // @ts-expect-error `api_secret` is not in ZProject: tsc refuses the serializer.
      return { ...serializeProject(project), api_secret: "never sent" };
    }
    // @ts-expect-error `created_date` is promised by ZProject: tsc refuses the serializer.
    const withMissingField = (project: Row): Project => ({
      id: project.id,
      uuid: project.uuid,
      name: project.name,
    });
    expectTypeOf(withExtraField).returns.toEqualTypeOf<Project>();
    expectTypeOf(withMissingField).returns.toEqualTypeOf<Project>();
  });

  it("answer what the schema accepts at run time too (a strict parse of a served project)", () => {
    const project = serializeProject({
      id: 7,
      uuid: "0b6f6e1e-3c1c-4a53-9d3e-6f1c2e5a0b7d",
      name: "Web",
      organisationId: 3,
      hideDisabledFlags: false,
      enableRealtimeUpdates: true,
      preventFlagDefaults: false,
      staleFlagsLimitDays: 30,
      minimumChangeRequestApprovals: null,
      featureNameRegex: null,
      createdAt: new Date("2026-11-26T00:00:00Z"),
    });
    expect(ZProject.parse(project)).toEqual(project);
  });
});
