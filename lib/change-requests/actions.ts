// The review and commit actions by route: an environment request by id, or a project
// request by project and id, then the shared review (./review.ts) or commit (./commit.ts).
import { db } from "@/lib/db/client";
import { commitEnvironmentRequest, commitProjectRequest } from "./commit";
import { addComment, approveChangeRequest, listComments, rejectChangeRequest } from "./review";
import type { TChangeRequestComment, TChangeRequestCommit } from "./schemas";
import {
  requireEnvironmentRequest,
  requireProjectRequest,
  serializeChangeRequest,
  serializeProjectChangeRequest,
} from "./store";

export type RequestRef = { changeRequestId: number; projectId?: number };

const load = (ref: RequestRef) =>
  ref.projectId === undefined
    ? requireEnvironmentRequest(db, ref.changeRequestId)
    : requireProjectRequest(db, ref.projectId, ref.changeRequestId);

async function answer(ref: RequestRef) {
  const cr = await load(ref);
  return ref.projectId === undefined ? serializeChangeRequest(db, cr) : serializeProjectChangeRequest(db, cr);
}

export async function approve(ref: RequestRef, userId: number) {
  await approveChangeRequest(await load(ref), userId);
  return answer(ref);
}

export async function reject(ref: RequestRef, userId: number, input: TChangeRequestComment) {
  await rejectChangeRequest(await load(ref), userId, input);
  return answer(ref);
}

export async function commit(ref: RequestRef, userId: number, input: TChangeRequestCommit) {
  const cr = await load(ref);
  if (ref.projectId === undefined) await commitEnvironmentRequest(cr, userId, input);
  else await commitProjectRequest(cr, userId, input);
  return answer(ref);
}

export async function comments(ref: RequestRef) {
  return listComments(await load(ref));
}

export async function comment(ref: RequestRef, userId: number, input: TChangeRequestComment) {
  return addComment(await load(ref), userId, input);
}
