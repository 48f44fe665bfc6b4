// Sets a new password for an account from the server's command line, for a forgotten
// password without a mail server: `npm run reset-password -- <email>` (reads the new
// password from ENSIGN_NEW_PASSWORD, else from standard input). Every dashboard session
// and API token of the account ends. Uses DATABASE_URL like the server.
import { createInterface } from "node:readline/promises";
import { resetPassword } from "@/lib/auth/password-change";

async function readPassword(): Promise<string> {
  if (process.env.ENSIGN_NEW_PASSWORD) return process.env.ENSIGN_NEW_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write("New password: ");
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error("usage: npm run reset-password -- <email>   (password from ENSIGN_NEW_PASSWORD or stdin)");
    process.exit(2);
  }
  const { email: updated } = await resetPassword({ email, password: await readPassword() });
  console.log(`[ensign] password of ${updated} set; its sessions and API tokens are revoked`);
}

// Exits explicitly: the database client's pool would keep the process alive.
main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`[ensign] ${error.message}`);
    process.exit(1);
  },
);
