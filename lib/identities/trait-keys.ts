// GET /environments/{key}/trait-keys/: every trait key the environment's identities hold, each
// once, as Flagsmith's environment action answers them (its dashboard offers them when a
// segment condition names a trait). Core and edge identities share one trait store here.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";

export const ZTraitKeys = z
  .strictObject({
    keys: z.array(z.string()).meta({
      description:
        "Each trait key held by at least one identity of the environment, once, in code-point order.",
    }),
  })
  .meta({ id: "TraitKeys", description: "The trait keys in use in an environment." });

export async function listTraitKeys(userId: number, apiKey: string): Promise<z.infer<typeof ZTraitKeys>> {
  const environment = await requireEnvironment(userId, apiKey);
  // GROUP BY in the database: an environment may hold many identities with the same keys.
  const rows = await db.trait.groupBy({
    by: ["traitKey"],
    where: { identity: { environmentId: environment.id } },
  });
  const keys = rows.map((row) => row.traitKey);
  // Sorted here, not by the database, so that SQLite and PostgreSQL (whose collation may
  // differ) answer the same order.
  return { keys: keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
}
