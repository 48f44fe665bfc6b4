// What the routes' permission rules need: the environment of an environment change request
// (0 when the id names none, or a project request: 404).
import { db } from "@/lib/db/client";
import { isDbInt } from "@/lib/api/query-int";

export async function environmentOfChangeRequest(changeRequestId: number): Promise<number> {
  if (!isDbInt(changeRequestId)) return 0;
  const row = await db.changeRequest.findUnique({
    where: { id: changeRequestId },
    select: { environmentId: true },
  });
  return row?.environmentId ?? 0;
}
