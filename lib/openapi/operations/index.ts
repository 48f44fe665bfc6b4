// Every documented operation. A new route method must be added to one of these registries:
// lib/openapi/document.test.ts fails while a route and the registries disagree.
import type { Operation } from "../types";
import { auditOperations } from "./audit";
import { detailedPermissionOperations } from "./detailed-permissions";
import { authOperations } from "./auth";
import { edgeIdentityOperations } from "./edge-identities";
import { environmentOperations } from "./environments";
import { evaluateOperations } from "./evaluate";
import { featureStateOperations } from "./feature-states";
import { featureOperations } from "./features";
import { tagOperations } from "./tags";
import { healthOperations } from "./health";
import { identityOperations } from "./identities";
import { identityOverrideOperations } from "./identity-overrides";
import { masterApiKeyOperations } from "./master-api-keys";
import { invitationOperations } from "./invitations";
import { organisationOperations } from "./organisations";
import { overrideOperations } from "./overrides";
import { permissionOperations } from "./permissions";
import { projectOperations } from "./projects";
import { sdkOperations } from "./sdk";
import { segmentOperations } from "./segments";
import { serverKeyOperations } from "./server-keys";
import { scheduledChangeOperations } from "./scheduled";
import { versionOperations } from "./versions";
import { webhookOperations } from "./webhooks";

export const OPERATIONS: Operation[] = [
  ...sdkOperations,
  ...authOperations,
  ...organisationOperations,
  ...permissionOperations,
  ...detailedPermissionOperations,
  ...projectOperations,
  ...environmentOperations,
  ...serverKeyOperations,
  ...featureOperations,
  ...tagOperations,
  ...featureStateOperations,
  ...segmentOperations,
  ...overrideOperations,
  ...identityOperations,
  ...identityOverrideOperations,
  ...evaluateOperations,
  ...edgeIdentityOperations,
  ...auditOperations,
  ...webhookOperations,
  ...masterApiKeyOperations,
  ...versionOperations,
  ...scheduledChangeOperations,
  ...invitationOperations,
  ...healthOperations,
];
