import { ZHealth } from "../responses/health";
import type { Operation } from "../types";
import { ok } from "./shared";

export const healthOperations: Operation[] = [
  {
    method: "get",
    path: "/health/liveness/",
    operationId: "checkLiveness",
    summary: "Liveness probe",
    description: "Answers as long as the process is up.",
    tag: "Health",
    security: "none",
    status: 200,
    responses: { 200: ok("The process is up.", ZHealth) },
  },
  {
    method: "get",
    path: "/health/readiness/",
    operationId: "checkReadiness",
    summary: "Readiness probe",
    description: "Answers when the database answers.",
    tag: "Health",
    security: "none",
    status: 200,
    responses: { 200: ok("The database answers.", ZHealth) },
  },
];
