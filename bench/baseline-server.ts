// The raw Node baseline of the benchmark: node:http answering the same JSON from memory,
// and an identity endpoint that upserts the identity and its traits in SQLite with
// better-sqlite3 (no ORM, no evaluation) and returns a fixed flags body. It is what "close
// to raw Node speed" is measured against.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";

const [port, flagsFile, documentFile, identityFile, dbFile] = process.argv.slice(2);
const flags = readFileSync(flagsFile, "utf8");
const document = readFileSync(documentFile, "utf8");
const identityFlags = readFileSync(identityFile, "utf8");

const db = new Database(dbFile);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec(`CREATE TABLE IF NOT EXISTS identity (id INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE);
         CREATE TABLE IF NOT EXISTS trait (identity_id INTEGER NOT NULL, key TEXT NOT NULL, type TEXT NOT NULL,
           value TEXT NOT NULL, PRIMARY KEY (identity_id, key));`);
const upsertIdentity = db.prepare(
  "INSERT INTO identity (identifier) VALUES (?) ON CONFLICT(identifier) DO UPDATE SET identifier = excluded.identifier RETURNING id",
);
const upsertTrait = db.prepare(
  "INSERT INTO trait (identity_id, key, type, value) VALUES (?, ?, ?, ?) ON CONFLICT(identity_id, key) DO UPDATE SET type = excluded.type, value = excluded.value",
);
type Body = { identifier: string; traits: { trait_key: string; trait_value: unknown }[] };
const identify = db.transaction((body: Body) => {
  const { id } = upsertIdentity.get(body.identifier) as { id: number };
  for (const t of body.traits) upsertTrait.run(id, t.trait_key, typeof t.trait_value, String(t.trait_value));
});

// The same event-loop delay view as Ensign's GET /health/metrics/ (server/metrics.ts), for the
// open-loop runs to compare.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
// In ms, less the 5 ms resolution (as server/metrics.ts), rounded after the subtraction.
const ms = (ns: number) => Math.max(0, Math.round(ns / 10_000 - 500) / 100);

const json = { "Content-Type": "application/json" };
createServer((req, res) => {
  if (req.url?.startsWith("/health/metrics/")) {
    const since_last_read = {
      count: loopDelay.count,
      p50_ms: ms(loopDelay.percentile(50)),
      p99_ms: ms(loopDelay.percentile(99)),
      max_ms: ms(loopDelay.max),
    };
    loopDelay.reset();
    return res.writeHead(200, json).end(JSON.stringify({ event_loop_delay: { since_last_read } }));
  }
  if (req.url?.startsWith("/api/v1/flags/")) return res.writeHead(200, json).end(flags);
  if (req.url?.startsWith("/api/v1/environment-document/")) return res.writeHead(200, json).end(document);
  if (req.url?.startsWith("/api/v1/identities/") && req.method === "POST") {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      identify(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body);
      res.writeHead(200, json).end(identityFlags);
    });
    return;
  }
  res.writeHead(404).end();
}).listen(Number(port), "127.0.0.1", () => console.log("baseline ready"));
