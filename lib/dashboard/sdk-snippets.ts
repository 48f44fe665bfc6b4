// Copy-paste set-up code for the SDKs that talk to Ensign, filled in with one environment's
// keys and the address the dashboard is served from. The init calls follow the SDKs' current
// APIs: flagsmith-nodejs 8 (named export), flagsmith 10 (JS and flagsmith/react), the Python
// flagsmith package, OpenFeature's Flagsmith provider for Node and its OFREP providers.

export type Snippet = { id: string; title: string; language: string; install?: string; code: string };

export const SERVER_KEY_PLACEHOLDER = "ser.YOUR_SERVER_KEY";

export function buildSnippets(options: { baseUrl: string; clientKey: string; serverKey?: string | null }) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const api = `${base}/api/v1/`;
  const client = options.clientKey;
  const server = options.serverKey || SERVER_KEY_PLACEHOLDER;
  const snippets: Snippet[] = [
    {
      id: "node",
      title: "Node.js (flagsmith-nodejs)",
      language: "ts",
      install: "npm install flagsmith-nodejs",
      code: `import { Flagsmith } from "flagsmith-nodejs";

const flagsmith = new Flagsmith({
  environmentKey: "${server}",
  apiUrl: "${api}",
  // Evaluate locally from the environment document (needs a server key):
  enableLocalEvaluation: true,
});

const flags = await flagsmith.getIdentityFlags("user-42", { plan: "pro" });
console.log(flags.isFeatureEnabled("my_feature"), flags.getFeatureValue("my_feature"));`,
    },
    {
      id: "js",
      title: "JavaScript (flagsmith, browser)",
      language: "ts",
      install: "npm install flagsmith",
      code: `import flagsmith from "flagsmith";

await flagsmith.init({
  environmentID: "${client}",
  api: "${api}",
  realtime: true,
  eventSourceUrl: "${base}/",
});

await flagsmith.identify("user-42", { plan: "pro" });
console.log(flagsmith.hasFeature("my_feature"), flagsmith.getValue("my_feature"));`,
    },
    {
      id: "react",
      title: "React (flagsmith/react)",
      language: "tsx",
      install: "npm install flagsmith",
      code: `import flagsmith from "flagsmith";
import { FlagsmithProvider, useFlags } from "flagsmith/react";

export function App({ children }: { children: React.ReactNode }) {
  return (
    <FlagsmithProvider flagsmith={flagsmith} options={{ environmentID: "${client}", api: "${api}" }}>
      {children}
    </FlagsmithProvider>
  );
}

export function Banner() {
  const { my_feature } = useFlags(["my_feature"]);
  return my_feature.enabled ? <p>{String(my_feature.value)}</p> : null;
}`,
    },
    {
      id: "python",
      title: "Python (flagsmith)",
      language: "python",
      install: "pip install flagsmith",
      code: `from flagsmith import Flagsmith

flagsmith = Flagsmith(
    environment_key="${server}",
    api_url="${api}",
)

flags = flagsmith.get_identity_flags("user-42", traits={"plan": "pro"})
print(flags.is_feature_enabled("my_feature"), flags.get_feature_value("my_feature"))`,
    },
    {
      id: "curl",
      title: "curl",
      language: "sh",
      code: `# Every flag of the environment
curl -H "X-Environment-Key: ${client}" "${api}flags/"

# The flags of one identity, with a trait
curl -X POST -H "X-Environment-Key: ${client}" -H "Content-Type: application/json" \\
  -d '{"identifier": "user-42", "traits": [{"trait_key": "plan", "trait_value": "pro"}]}' \\
  "${api}identities/"`,
    },
    {
      id: "openfeature-node",
      title: "OpenFeature, Node.js (Flagsmith provider)",
      language: "ts",
      install: "npm install @openfeature/server-sdk @openfeature/flagsmith-provider flagsmith-nodejs",
      code: `import { OpenFeature } from "@openfeature/server-sdk";
import { FlagsmithOpenFeatureProvider } from "@openfeature/flagsmith-provider";
import { Flagsmith } from "flagsmith-nodejs";

const flagsmith = new Flagsmith({ environmentKey: "${server}", apiUrl: "${api}" });
await OpenFeature.setProviderAndWait(new FlagsmithOpenFeatureProvider(flagsmith));

const client = OpenFeature.getClient();
await client.getBooleanValue("my_feature", false, { targetingKey: "user-42", plan: "pro" });`,
    },
    {
      id: "ofrep",
      title: "OpenFeature, any language (OFREP)",
      language: "ts",
      install: "npm install @openfeature/server-sdk @openfeature/ofrep-provider",
      code: `import { OpenFeature } from "@openfeature/server-sdk";
import { OFREPProvider } from "@openfeature/ofrep-provider";

await OpenFeature.setProviderAndWait(
  new OFREPProvider({ baseUrl: "${base}", headers: [["X-Environment-Key", "${client}"]] }),
);

const client = OpenFeature.getClient();
await client.getStringValue("my_feature", "default", { targetingKey: "user-42", plan: "pro" });`,
    },
  ];
  return snippets;
}
