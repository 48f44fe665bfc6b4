import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/client";
import { answerError } from "./error-response";

const prismaError = (code: string, message: string) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "7.10.0" });

describe("answerError", () => {
  it("answers a transaction that timed out under load with a 503 and Retry-After, not a 500", () => {
    const timedOut = prismaError(
      "P2028",
      "Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5210 ms passed since the start of the transaction.",
    );
    const answer = answerError(timedOut);
    expect(answer.status).toBe(503);
    expect(answer.headers["Retry-After"]).toBe("1");
    expect(answer.body).toEqual({ detail: expect.stringMatching(/try again/) });
  });

  it("keeps the mapped Prisma codes and answers anything unforeseen with a 500", () => {
    expect(answerError(prismaError("P2020", "Value out of range")).status).toBe(400);
    expect(answerError(prismaError("P2025", "Not found")).status).toBe(404);
    expect(answerError(new Error("boom")).status).toBe(500);
  });
});
