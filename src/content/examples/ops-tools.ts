// Starter tools about time and ordering: deploy (executionMode "sequential", progress through onUpdate, waiting
// with the playground's abortable sleep) and two slow tools that wait 2 s with a plain setTimeout, as pi's tool
// chapter writes it (the sandbox runs timers on the run's clock), so parallel and sequential runs look different.
import type { ExampleToolFile } from './types.ts';

export const DEPLOY: ExampleToolFile = {
  id: 'example-deploy',
  name: 'deploy',
  kind: 'typescript',
  source: `import { StringEnum, Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { sleep } from "playground";

const parameters = Type.Object({
  environment: StringEnum(["staging", "production"], { description: "Where to deploy" }),
  version: Type.String({ pattern: "^v\\\\d+\\\\.\\\\d+\\\\.\\\\d+$", description: 'Release tag to deploy, e.g. "v1.4.2"' }),
});

const deployTool: AgentTool<typeof parameters> = {
  name: "deploy",
  label: "Deploy",
  description:
    "Deploy a tagged release to staging or production. Deploys never overlap: when several are requested " +
    "they run one after another. Deploy to staging first and check it before deploying to production.",
  parameters,
  // Any batch that contains a deploy runs its calls one at a time, as pi does for sequential tools.
  executionMode: "sequential",
  async execute(_toolCallId, { environment, version }, signal, onUpdate) {
    const steps = ["Building", "Uploading", "Switching traffic"];
    for (const [i, step] of steps.entries()) {
      if (signal?.aborted) throw new Error("Deploy cancelled");
      onUpdate?.({ content: [{ type: "text", text: \`\${step}…\` }], details: { step: i + 1, of: steps.length } });
      // The playground's sleep waits like setTimeout on the run's clock, and ends early when the signal aborts.
      await sleep(400, signal);
    }
    return {
      content: [{ type: "text", text: \`Deployed \${version} to \${environment}.\` }],
      details: { environment, version },
    };
  },
};

export default deployTool;
`,
};

export const SLOW_FETCH: ExampleToolFile = {
  id: 'example-slow-fetch',
  name: 'slow_fetch',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  url: Type.String({ description: "The http(s) URL to fetch" }),
});

const slowFetchTool: AgentTool<typeof parameters> = {
  name: "slow_fetch",
  label: "Fetch (slow)",
  description:
    "Fetch a web page and return its title. Takes about two seconds, so request several pages in one " +
    "turn rather than one per turn.",
  parameters,
  async execute(_toolCallId, { url }) {
    if (!/^https?:\\/\\//.test(url)) throw new Error(\`Not an http(s) URL: \${url}\`);
    // A simulated network round trip. Timers run on the run's clock: 2 s on the timeline, recorded in an instant.
    // (The playground's sleep(2000, signal), from "playground", waits the same and also ends early on Stop.)
    await new Promise((r) => setTimeout(r, 2000));
    const host = new URL(url).hostname;
    return {
      content: [{ type: "text", text: \`200 OK — "\${host}: Home"\` }],
      details: { url, status: 200 },
    };
  },
};

export default slowFetchTool;
`,
};

export const SLOW_COMPUTE: ExampleToolFile = {
  id: 'example-slow-compute',
  name: 'slow_compute',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  n: Type.Integer({ minimum: 0, maximum: 90, description: "Which Fibonacci number to compute (0-90)" }),
});

const slowComputeTool: AgentTool<typeof parameters> = {
  name: "slow_compute",
  label: "Compute (slow)",
  description: "Compute the n-th Fibonacci number. Takes about two seconds; independent calls can run in parallel.",
  parameters,
  async execute(_toolCallId, { n }) {
    await new Promise((r) => setTimeout(r, 2000)); // stands in for a long computation: 2 s of the run's time
    let [a, b] = [0, 1];
    for (let i = 0; i < n; i++) [a, b] = [b, a + b];
    return { content: [{ type: "text", text: \`fib(\${n}) = \${a}\` }], details: { n, value: a } };
  },
};

export default slowComputeTool;
`,
};
