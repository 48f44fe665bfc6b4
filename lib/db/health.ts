import { db } from "./client";

export async function checkDatabase() {
  await db.$queryRawUnsafe("SELECT 1");
  return { status: "ok" };
}
