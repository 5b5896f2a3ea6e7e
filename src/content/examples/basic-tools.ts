// Starter tools that need nothing but their arguments: get_weather, echo, calculate.
// Written the way a pi user writes a tool: a TypeBox schema, a description for the model, an async execute.
import type { ExampleToolFile } from './types.ts';

export const GET_WEATHER: ExampleToolFile = {
  id: 'example-get-weather',
  name: 'get_weather',
  kind: 'typescript',
  source: `import { StringEnum, Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  city: Type.String({ description: 'City name, optionally with country, e.g. "Paris" or "Portland, US"' }),
  units: Type.Optional(
    StringEnum(["celsius", "fahrenheit"], { description: "Temperature units. Defaults to celsius." }),
  ),
});

const weatherTool: AgentTool<typeof parameters> = {
  name: "get_weather",
  label: "Weather",
  description:
    "Get the current weather for one city: temperature and a short description of the conditions. " +
    "Call it once per city; it does not give forecasts.",
  parameters,
  async execute(_toolCallId, { city, units = "celsius" }) {
    // Made-up but stable weather: the same city always gets the same answer.
    const seed = [...city.toLowerCase()].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
    const celsius = (seed % 30) - 2;
    const conditions = ["sunny", "partly cloudy", "overcast", "light rain", "windy"][seed % 5];
    const temperature = units === "fahrenheit" ? Math.round(celsius * 1.8 + 32) : celsius;
    const unit = units === "fahrenheit" ? "°F" : "°C";
    return {
      content: [{ type: "text", text: \`\${city}: \${temperature}\${unit}, \${conditions}\` }],
      details: { city, temperature, units, conditions },
    };
  },
};

export default weatherTool;
`,
};

export const ECHO: ExampleToolFile = {
  id: 'example-echo',
  name: 'echo',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  text: Type.String({ description: "The text to send back, unchanged" }),
});

const echoTool: AgentTool<typeof parameters> = {
  name: "echo",
  label: "Echo",
  description: "Return the given text unchanged. Useful for testing that tool calls work.",
  parameters,
  async execute(_toolCallId, { text }) {
    return { content: [{ type: "text", text }], details: { length: text.length } };
  },
};

export default echoTool;
`,
};

export const CALCULATE: ExampleToolFile = {
  id: 'example-calculate',
  name: 'calculate',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  expression: Type.String({
    description: 'An arithmetic expression with + - * / % ^ and parentheses, e.g. "(2 + 3) * 4.5"',
  }),
});

const calculateTool: AgentTool<typeof parameters> = {
  name: "calculate",
  label: "Calculator",
  description:
    "Evaluate an arithmetic expression exactly. Use it instead of doing arithmetic in your head. " +
    "Only numbers, + - * / % ^ and parentheses are allowed; no variables or functions.",
  parameters,
  async execute(_toolCallId, { expression }) {
    const value = evaluate(expression);
    return { content: [{ type: "text", text: \`\${expression} = \${value}\` }], details: { value } };
  },
};

// A small recursive-descent parser: text from a model is never handed to eval.
function evaluate(text: string): number {
  const tokens = text.match(/\\d+(?:\\.\\d+)?|[A-Za-z_]\\w*|[-+*/%^()]|\\S/g) ?? [];
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];
  function primary(): number {
    const token = next();
    if (token === "(") {
      const value = sum();
      if (next() !== ")") throw new Error("Missing closing parenthesis");
      return value;
    }
    if (token === "-") return -primary();
    if (token !== undefined && /^\\d/.test(token)) return Number(token);
    throw new Error(token === undefined ? "Unexpected end of expression" : \`Unexpected "\${token}"\`);
  }
  function power(): number {
    const base = primary();
    return peek() === "^" ? (next(), base ** power()) : base;
  }
  function product(): number {
    let value = power();
    while (peek() === "*" || peek() === "/" || peek() === "%") {
      const op = next();
      const right = power();
      if (op !== "*" && right === 0) throw new Error("Division by zero");
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  }
  function sum(): number {
    let value = product();
    while (peek() === "+" || peek() === "-") value = next() === "+" ? value + product() : value - product();
    return value;
  }
  const result = sum();
  if (pos < tokens.length) throw new Error(\`Unexpected "\${peek()}"\`);
  return result;
}

export default calculateTool;
`,
};
