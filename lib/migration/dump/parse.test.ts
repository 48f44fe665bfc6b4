import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/api/errors";
import { parseDump } from "./parse";

const fixture = () =>
  JSON.parse(readFileSync("tests/fixtures/flagsmith-dump.json", "utf8")) as {
    model: string;
    pk?: number;
    fields: Record<string, unknown>;
  }[];
const now = new Date("2026-06-01T00:00:00Z");

function refusal(json: unknown): string[] {
  try {
    parseDump(json, now);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return ((error as ValidationError).body as Record<string, string[]>).file;
  }
  throw new Error("the dump was accepted");
}

describe("parseDump", () => {
  it("reads every model of the fixture into the importer's shapes", () => {
    const dump = parseDump(fixture(), now);
    expect(dump.organisation).toEqual({
      uuid: "00000000-0000-4000-8000-000000000001",
      name: "Dumped organisation",
    });
    expect(dump.skippedModels).toEqual({
      "organisations.invitelink": 1,
      "organisations.organisationwebhook": 1,
      "organisations.subscription": 1,
      "datadog.datadogconfiguration": 1,
      "environments.webhook": 1,
      "metadata.metadatafield": 1,
    });
    const [project] = dump.projects;
    expect(project.project.name).toBe("Shop");
    expect(project.tags.map((t) => t.label)).toEqual(["backend"]);
    expect(project.features.map((f) => [f.name, f.tags?.length, f.multivariate_options?.length])).toEqual([
      ["banner", 1, 0],
      ["checkout", 0, 2],
      ["limit", 1, 0],
    ]);
    const premium = project.segments[0];
    expect(premium.rules).toEqual([
      {
        type: "ALL",
        conditions: [],
        rules: [
          {
            type: "ANY",
            rules: [],
            conditions: [
              { operator: "EQUAL", property: "plan", value: "premium", description: null },
              { operator: "EQUAL", property: "plan", value: "gold", description: null },
            ],
          },
          {
            type: "ALL",
            rules: [],
            conditions: [
              { operator: "GREATER_THAN", property: "age", value: "30", description: "grown-ups" },
            ],
          },
        ],
      },
    ]);
    const [dev, prod] = project.environments;
    expect([dev.environment.api_key, prod.environment.api_key]).toEqual([
      "dumpDevKey000000000001",
      "dumpProdKey00000000001",
    ]);
    const valueOf = (env: typeof dev, feature: string, segment: string | null = null) =>
      env.states.find((s) => s.feature === feature && (s.feature_segment ?? null) === segment)
        ?.feature_state_value;
    // The highest started version; a version starting in 2999 is not live yet.
    expect(valueOf(prod, "00000000-0000-4000-8000-000000000040")).toMatchObject({ string_value: "new" });
    // Versioning v2: the state of the published version, not of the draft.
    expect(valueOf(dev, "00000000-0000-4000-8000-000000000042")).toMatchObject({
      type: "int",
      integer_value: 10,
    });
    expect(prod.states.filter((s) => s.feature_segment)).toHaveLength(3);
    expect(prod.links.map((l) => l.priority)).toEqual([0, 1, 0]);
    const checkout = prod.states.find((s) => s.feature === "00000000-0000-4000-8000-000000000041");
    expect(checkout?.multivariate_feature_state_values?.map((v) => v.percentage_allocation)).toEqual([
      100, 0,
    ]);
    expect(prod.identities.map((i) => [i.identifier, i.traits.length, i.overrides.length])).toEqual([
      ["alice", 2, 0],
      ["bob", 2, 0],
      ["carol", 0, 1],
    ]);
    expect(dev.identities[0].traits).toEqual([
      { trait_key: "beta", trait_value: true },
      { trait_key: "score", trait_value: 1.5 },
    ]);
    expect(prod.keys.map((k) => k.key)).toEqual(["ser.dumpServerKey00000000000001"]);
  });

  it("keeps a row's pk as the id a segment or a feature state hashes with", () => {
    const rows = fixture();
    const segment = rows.find((r) => r.model === "segments.segment")!;
    segment.pk = 77;
    expect(parseDump(rows, now).projects[0].segments[0].hash_id).toBe(77);
  });

  it("refuses a file that is not a list of rows", () => {
    expect(refusal({ model: "x" })[0]).toMatch(/^file: /);
    expect(refusal([{ model: "projects.project" }])[0]).toMatch(/^0\.fields: /);
  });

  it("refuses a row whose fields are not of Flagsmith's shape, naming the row and field", () => {
    const rows = fixture();
    rows.find((r) => r.model === "segments.segmentrule")!.fields.type = "SOME";
    expect(refusal(rows)).toEqual([expect.stringMatching(/^\d+\.fields\.type \(segments\.segmentrule\): /)]);
  });

  it("refuses references to objects the file does not hold", () => {
    const rows = fixture();
    rows.find((r) => r.model === "features.featurestate")!.fields.feature = [
      "00000000-0000-4000-8000-999999999999",
    ];
    rows.find((r) => r.model === "traits.trait")!.fields.identity = ["nobody", "dumpProdKey00000000001"];
    const lines = refusal(rows);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /\(features\.featurestate\): feature 00000000-0000-4000-8000-999999999999 is not in the file/,
    );
    expect(lines[1]).toMatch(/\(traits\.trait\): identity nobody\|dumpProdKey00000000001 is not in the file/);
  });

  it("refuses a key given twice and a file without a project", () => {
    const rows = fixture();
    rows.push(rows.find((r) => r.model === "features.feature")!);
    expect(refusal(rows)[0]).toMatch(/appears twice/);
    expect(refusal([])).toEqual(["The file holds no project."]);
  });
});
