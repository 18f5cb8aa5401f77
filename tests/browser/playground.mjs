// End-to-end test of the playground, in headless Chromium (Debian's `chromium` package) driven
// by playwright-core: starts `reckon serve`, loads `/`, evaluates an expression in each tool,
// triggers an error and checks its caret, then uses the token field against a server started
// with a token. Screenshots go to target/playground-*.png (docs/playground.png is the first).
//   node tests/browser/playground.mjs [path/to/reckon] [--chromium PATH]
// Exits 1 on the first check that fails, naming it.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync } from "node:fs";

const args = process.argv.slice(2);
const reckon = args.find((a) => !a.startsWith("--") && !args[args.indexOf(a) - 1]?.startsWith("--chromium")) ?? "target/debug/reckon";
const chromiumPath = args.includes("--chromium") ? args[args.indexOf("--chromium") + 1] : "/usr/bin/chromium";
const shots = "target";
mkdirSync(shots, { recursive: true });

/// A free TCP port on 127.0.0.1.
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/// `reckon serve` on a free port, once /healthz answers.
async function startServer(token) {
  const port = await freePort();
  const env = { ...process.env };
  delete env.RECKON_AUTH_TOKEN;
  if (token) env.RECKON_AUTH_TOKEN = token;
  const child = spawn(reckon, ["serve", "--addr", `127.0.0.1:${port}`], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (chunk) => { log += chunk; });
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return { url: `http://127.0.0.1:${port}`, child };
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`reckon serve did not start:\n${log}`);
}

let checks = 0;
function check(condition, what, detail = "") {
  checks++;
  if (!condition) {
    console.error(`FAIL: ${what}${detail ? `\n  ${detail}` : ""}`);
    process.exitCode = 1;
    throw new Error(what);
  }
  console.log(`ok: ${what}`);
}

/// Picks `tool` and waits for its form.
async function choose(page, tool) {
  await page.selectOption("#tool", tool);
  await page.waitForFunction((id) => document.getElementById("fields").dataset.ready === id, tool);
}

/// Picks `tool`, fills the expression (or calc's first row), evaluates and returns the answer's text.
async function evaluateIn(page, tool, expression) {
  await choose(page, tool);
  const field = tool === "calc" ? "#field-calculations-expression-1" : "#field-expression";
  await page.fill(field, expression);
  await page.click("#evaluate");
  await page.waitForFunction(() => /^HTTP \d+/.test(document.getElementById("status").textContent));
  return page.textContent("#answer");
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const servers = [];
try {
  // A server without a token.
  const open = await startServer();
  servers.push(open.child);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  // A tool's refusal is a 400 or 422 answer, which Chromium logs as a failed load: expected.
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && !/status of (400|422) /.test(text)) problems.push(text);
  });
  await page.goto(`${open.url}/`);
  await page.waitForSelector("#tool option", { state: "attached" });
  const tools = await page.$$eval("#tool option", (options) => options.map((o) => o.value));
  check(tools.join(",") === "decimal-expression-evaluate,calc,calculate", "the tool list is the catalogue", tools.join(","));

  let answer = await evaluateIn(page, "decimal-expression-evaluate", "0.1 + 0.2");
  check(answer.includes("0.3") && answer.includes("3/10") && answer.includes("true"), "decimal: 0.1 + 0.2 is exactly 0.3 = 3/10", answer);

  await choose(page, "decimal-expression-evaluate");
  await page.click("#field-variables-add");
  await page.fill("#field-variables-name-1", "price");
  await page.fill("#field-variables-value-1", "19.99");
  await page.fill("#field-scale", "2");
  await page.selectOption("#field-rounding", "half_up");
  await page.fill("#field-expression", "price * 3");
  await page.click("#evaluate");
  await page.waitForFunction(() => document.getElementById("answer").textContent.includes("59.97"));
  check(true, "decimal: a variable row, scale and rounding reach the tool (price * 3 = 59.97)");
  await page.screenshot({ path: `${shots}/playground-decimal.png`, fullPage: true });

  answer = await evaluateIn(page, "calc", "0.1 + 0.2");
  check(answer.includes("0.30000000000000004"), "calc: JavaScript's 0.30000000000000004", answer);

  answer = await evaluateIn(page, "calculate", "sqrt(16) + 2^10");
  check(answer.includes("1028") && answer.includes("number"), "calculate: sqrt(16) + 2^10 = 1028", answer);

  // An error: code, reason, hint and a caret under the undefined name (character 4).
  answer = await evaluateIn(page, "calculate", "2 + sqrtt(3)");
  check(answer.includes("parse_failed") && answer.includes("Undefined function sqrtt"), "calculate: an error shows its reason and message", answer);
  const caret = await page.textContent(".caret-box");
  check(caret === "2 + sqrtt(3)\n    ^", "calculate: the caret sits under sqrtt", JSON.stringify(caret));
  await page.screenshot({ path: `${shots}/playground-error.png`, fullPage: true });

  // The decimal tool counts bytes: the caret still lands under the character.
  answer = await evaluateIn(page, "decimal-expression-evaluate", "1 + 2 +* 3");
  const decimalCaret = await page.textContent(".caret-box");
  check(decimalCaret === "1 + 2 +* 3\n       ^", "decimal: the caret sits under the unexpected *", JSON.stringify(decimalCaret));

  // An example is one click away.
  await choose(page, "calculate");
  await page.click("#examples button >> nth=0");
  const filled = await page.inputValue("#field-expression");
  check(filled.length > 0, "an example fills the form", filled);
  await page.click("#evaluate");
  await page.waitForFunction(() => document.getElementById("history").children.length >= 6);
  check(true, "the history lists the session's requests");
  check(await page.inputValue("#field-operation") === "evaluate", "a field the example omits shows its default");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/playground.png`, fullPage: false });

  // Copy as curl (the clipboard may be refused headless: then the box shows the text).
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: open.url });
  await page.click("#copy-curl");
  await page.waitForFunction(() => /copied|box below/.test(document.getElementById("status").textContent));
  const curl = await page.inputValue("#copied");
  check(curl.startsWith("curl -sS -X POST ") && curl.includes("/v1/tools/calculate/versions/1.0.0/execute"), "copy as curl gives the request", curl);

  // A phone-width screen in dark mode.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const small = await phone.newPage();
  await small.goto(`${open.url}/`);
  await small.waitForFunction(() => document.getElementById("fields").dataset.ready !== "");
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 0, "nothing overflows a phone-width screen", `${overflow}px too wide`);
  await small.screenshot({ path: `${shots}/playground-phone-dark.png`, fullPage: false });
  check(problems.length === 0, "the page logs no errors (its Content-Security-Policy included)", problems.join("\n"));

  // A server with a token: the page asks for it, then works.
  const closed = await startServer("s3cret-token");
  servers.push(closed.child);
  const guarded = await (await browser.newContext()).newPage();
  await guarded.goto(`${closed.url}/`);
  await guarded.waitForFunction(() => /bearer token/.test(document.getElementById("status").textContent));
  check(await guarded.$eval("#token-box", (d) => d.open), "without the token the page opens the token field");
  await guarded.fill("#token", "s3cret-token");
  await guarded.press("#token", "Enter");
  await guarded.waitForSelector("#tool option", { state: "attached" });
  answer = await evaluateIn(guarded, "calculate", "1/3 + 1/6");
  check(answer.includes("0.5"), "with the token the tools answer", answer);
  console.log(`${checks} checks passed`);
} catch (error) {
  if (!process.exitCode) {
    console.error(`FAIL: ${error.stack}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  for (const child of servers) child.kill();
}
