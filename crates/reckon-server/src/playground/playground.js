// The playground's script. It knows no tool: it reads the catalogue and each tool's manifest
// from the API, builds the form from the tool's input schema, sends the request as any client
// does and shows the answer. Text from the server is always set as text, never as markup.
"use strict";

const state = {
  tools: [],       // the catalogue's entries
  manifest: null,  // the chosen tool's manifest
  fields: [],      // one reader per form field: () => [name, value] or null when omitted
  history: [],
};

const $ = (id) => document.getElementById(id);

/// An element with attributes and children (strings become text nodes).
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

function token() {
  return $("token").value.trim();
}

function headers(body) {
  const h = { Accept: "application/json" };
  if (body !== undefined) h["Content-Type"] = "application/json";
  if (token()) h.Authorization = `Bearer ${token()}`;
  return h;
}

function setStatus(text) {
  $("status").textContent = text;
}

/// GET a JSON document; a 401 opens the token field.
async function getJson(path) {
  const response = await fetch(path, { headers: headers() });
  if (response.status === 401) {
    $("token-box").open = true;
    $("token").focus();
    throw new Error("This server needs a bearer token: type it in the token field, then pick the tool again.");
  }
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

async function loadCatalogue() {
  try {
    const catalogue = await getJson("/v1/tools");
    state.tools = catalogue.tools;
    const select = $("tool");
    const current = select.value;
    select.replaceChildren(...state.tools.map((t) => el("option", { value: t.id, text: `${t.id} ${t.version}` })));
    const wanted = current || new URLSearchParams(location.search).get("tool");
    if (wanted && state.tools.some((t) => t.id === wanted)) select.value = wanted;
    setStatus("");
    await chooseTool(select.value);
  } catch (error) {
    setStatus(error.message);
  }
}

let choosing = 0;

async function chooseTool(id) {
  const tool = state.tools.find((t) => t.id === id);
  if (!tool) return;
  // The form already there keeps what the person typed (the catalogue reloads after a token).
  if (state.manifest && state.manifest.id === id && $("fields").dataset.ready === id) return;
  // A later choice wins over a slower earlier one.
  const mine = ++choosing;
  $("tool-purpose").textContent = tool.purpose || tool.description;
  $("tool-not-built-box").hidden = !tool.notBuilt;
  $("tool-not-built").textContent = tool.notBuilt || "";
  $("fields").dataset.ready = "";
  const manifest = await getJson(tool.links.manifest);
  if (mine !== choosing) return;
  state.manifest = manifest;
  buildForm(state.manifest.input_schema);
  showExamples(state.manifest.examples || []);
  // The form is the chosen tool's (what a test waits for).
  $("fields").dataset.ready = id;
}

// ---- the form, from the input schema ----

/// A field's description: shown, or folded when it is long.
function help(id, text) {
  if (!text) return "";
  if (text.length <= 160) return el("p", { class: "field-help", id: `${id}-help`, text });
  return el("details", { class: "field-help" }, el("summary", { text: "About this field" }),
    el("p", { id: `${id}-help`, text }));
}

/// The form for `schema`: one field per property, in the schema's order.
function buildForm(schema) {
  const fields = $("fields");
  fields.replaceChildren();
  state.fields = [];
  const required = new Set(schema.required || []);
  for (const [name, property] of Object.entries(schema.properties || {})) {
    const id = `field-${name}`;
    const labelText = required.has(name) ? `${name} (required)` : name;
    let reader;
    if (property.type === "array" && property.items && property.items.type === "object") {
      reader = batchField(fields, name, id, labelText, property);
    } else if (property.type === "object") {
      reader = pairsField(fields, name, id, labelText, property);
    } else {
      reader = scalarField(fields, name, id, labelText, property);
    }
    state.fields.push(reader);
  }
}

/// A text, number or choice field.
function scalarField(parent, name, id, labelText, property) {
  let input;
  if (Array.isArray(property.enum)) {
    const options = property.default === undefined ? [el("option", { value: "", text: "(omitted)" })] : [];
    input = el("select", { id, name, "aria-describedby": property.description ? `${id}-help` : null },
      ...options, ...property.enum.map((v) => el("option", { value: v, text: v })));
    if (property.default !== undefined) input.value = property.default;
  } else if (property.type === "integer" || property.type === "number") {
    input = el("input", {
      id, name, type: "number", inputmode: "numeric",
      min: property.minimum, max: property.maximum, step: property.type === "integer" ? 1 : "any",
      "aria-describedby": property.description ? `${id}-help` : null,
    });
  } else if (name === "expression") {
    input = el("textarea", {
      id, name, class: "code", rows: 2, spellcheck: "false", autocapitalize: "off",
      "aria-describedby": property.description ? `${id}-help` : null,
    });
  } else {
    input = el("input", {
      id, name, type: "text", class: "code", spellcheck: "false", autocapitalize: "off",
      "aria-describedby": property.description ? `${id}-help` : null,
    });
  }
  if (name === "expression") {
    // Enter evaluates (an expression is one line); Shift+Enter still breaks the line.
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey && !e.ctrlKey && !e.metaKey) evaluate(e);
    });
  }
  parent.append(el("label", { for: id, text: labelText }), input, help(id, property.description));
  const numeric = property.type === "integer" || property.type === "number";
  return {
    name,
    read: () => {
      const raw = input.value;
      if (raw === "") return undefined;
      return numeric ? Number(raw) : raw;
    },
    write: (value) => {
      input.value = value === undefined ? (property.default ?? "") : String(value);
    },
  };
}

/// Named values (`variables`, `scope`) as rows of name and value.
function pairsField(parent, name, id, labelText, property) {
  const numeric = property.additionalProperties && property.additionalProperties.type === "number";
  const rows = el("div", { class: "rows", id });
  const addRow = (key = "", value = "") => {
    const n = rows.children.length + 1;
    const keyId = `${id}-name-${n}`, valueId = `${id}-value-${n}`;
    const keyInput = el("input", { id: keyId, type: "text", class: "code", value: key, spellcheck: "false" });
    const valueInput = el("input", { id: valueId, type: "text", class: "code", value: String(value), spellcheck: "false", inputmode: numeric ? "decimal" : null });
    const row = el("div", { class: "row" },
      el("div", {}, el("label", { for: keyId, text: `name ${n}` }), keyInput),
      el("div", {}, el("label", { for: valueId, text: `value ${n}` }), valueInput),
      el("button", { type: "button", class: "small", "aria-label": `remove ${name} row ${n}`, text: "Remove", onclick: () => row.remove() }));
    row.read = () => [keyInput.value.trim(), valueInput.value.trim()];
    rows.append(row);
  };
  parent.append(
    el("label", { for: `${id}-add`, text: labelText }),
    help(id, property.description),
    rows,
    el("button", { type: "button", class: "small", id: `${id}-add`, text: `Add ${name === "scope" ? "a variable" : "a value"}`, onclick: () => addRow() }));
  return {
    name,
    read: () => {
      const entries = [...rows.children].map((row) => row.read()).filter(([k]) => k !== "");
      if (entries.length === 0) return undefined;
      return Object.fromEntries(entries.map(([k, v]) => [k, numeric && v !== "" && !Number.isNaN(Number(v)) ? Number(v) : v]));
    },
    write: (value) => {
      rows.replaceChildren();
      for (const [k, v] of Object.entries(value || {})) addRow(k, v);
    },
  };
}

/// A batch (calc's `calculations`): rows with every property of an item.
function batchField(parent, name, id, labelText, property) {
  const itemProperties = Object.keys(property.items.properties || {});
  const rows = el("div", { class: "rows", id });
  const addRow = (item = {}) => {
    const n = rows.children.length + 1;
    const inputs = itemProperties.map((key) => {
      const inputId = `${id}-${key}-${n}`;
      const input = el("input", { id: inputId, type: "text", class: "code", value: item[key] ?? "", spellcheck: "false" });
      return [key, el("div", {}, el("label", { for: inputId, text: `${key} ${n}` }), input), input];
    });
    const row = el("div", { class: "row batch" }, ...inputs.map(([, wrapper]) => wrapper),
      el("button", { type: "button", class: "small", "aria-label": `remove row ${n}`, text: "Remove", onclick: () => row.remove() }));
    row.read = () => Object.fromEntries(inputs.map(([key, , input]) => [key, input.value]));
    rows.append(row);
  };
  addRow();
  parent.append(
    el("label", { for: `${id}-add`, text: labelText }),
    help(id, property.description),
    rows,
    el("button", { type: "button", class: "small", id: `${id}-add`, text: "Add a row", onclick: () => addRow() }));
  return {
    name,
    read: () => {
      const items = [...rows.children].map((row) => row.read());
      return items.length ? items : undefined;
    },
    write: (value) => {
      rows.replaceChildren();
      for (const item of value || []) addRow(item);
      if (!rows.children.length) addRow();
    },
  };
}

function readBody() {
  const body = {};
  for (const field of state.fields) {
    const value = field.read();
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

function fillForm(input) {
  for (const field of state.fields) field.write(input[field.name]);
}

function showExamples(examples) {
  $("examples").replaceChildren(...examples.map((example) => {
    const input = example.input || {};
    const label = input.expression || (input.calculations || []).map((c) => c.expression).join(", ") || JSON.stringify(input);
    return el("li", {}, el("button", {
      type: "button", text: label, title: JSON.stringify(input),
      onclick: () => { fillForm(input); $("evaluate").focus(); },
    }));
  }));
}

// ---- sending and showing ----

function executeUrl() {
  const tool = state.tools.find((t) => t.id === $("tool").value);
  return tool ? tool.links.execute : null;
}

async function evaluate(event) {
  if (event) event.preventDefault();
  const url = executeUrl();
  if (!url) return;
  const body = readBody();
  const text = JSON.stringify(body);
  $("raw-request").textContent = `POST ${url}\n${JSON.stringify(body, null, 2)}`;
  setStatus("Evaluating…");
  let response, answer;
  try {
    response = await fetch(url, { method: "POST", headers: headers(body), body: text });
    const raw = await response.text();
    try { answer = JSON.parse(raw); } catch { answer = { error: { message: raw } }; }
  } catch (error) {
    setStatus(`The request failed: ${error.message}`);
    return;
  }
  if (response.status === 401) {
    $("token-box").open = true;
    $("token").focus();
  }
  setStatus(`HTTP ${response.status}`);
  $("raw-response").textContent = `HTTP ${response.status}\n${JSON.stringify(answer, null, 2)}`;
  showAnswer(body, answer);
  remember($("tool").value, body, answer);
}

/// The answer: the result and its details, or the error with its caret.
function showAnswer(body, answer) {
  const out = $("answer");
  if (answer.error) {
    out.replaceChildren(...errorView(body, answer.error));
  } else {
    out.replaceChildren(...resultView(answer));
  }
}

function resultView(answer) {
  if (answer.value !== undefined) {
    // decimal-expression-evaluate: the exact value, and the fraction when it has one.
    const items = [["exact", String(answer.exact)]];
    if (answer.fraction) items.push(["fraction", `${answer.fraction.numerator}/${answer.fraction.denominator}`]);
    return [el("p", { class: "result ok", text: answer.value }), definitionList(items)];
  }
  if (Array.isArray(answer.content)) {
    // calc: each calculation's text.
    return [el("pre", { class: "result ok", text: answer.content.map((c) => c.text).join("\n") })];
  }
  const items = Object.entries(answer).filter(([key]) => key !== "result").map(([key, value]) =>
    [key, typeof value === "string" ? value : JSON.stringify(value)]);
  return [el("pre", { class: "result ok", text: String(answer.result) }), definitionList(items)];
}

function definitionList(items) {
  return el("dl", {}, ...items.flatMap(([key, value]) => [el("dt", { text: key }), el("dd", { text: value })]));
}

/// The error's code, reason, message and hint, and a caret under the token at fault.
function errorView(body, error) {
  const details = error.data || error.details || {};
  const reason = details.reason || "";
  const hint = details.recovery && details.recovery.hint;
  const items = [["code", String(error.code)]];
  if (reason) items.push(["reason", reason]);
  if (hint) items.push(["hint", hint]);
  if (details.retryable !== undefined) items.push(["retryable", String(details.retryable)]);
  const parts = [el("p", { class: "error-title", text: error.message }), definitionList(items)];
  const caret = caretFor(body, error, details);
  if (caret) parts.push(el("pre", { class: "caret-box", "aria-label": "where the error is" }, caret[0], "\n", el("span", { class: "caret", text: caret[1] })));
  return parts;
}

/// The expression and a caret line, or null. calculate counts characters; the decimal tool and
/// calc count UTF-8 bytes (calc's error also says which calculation failed).
function caretFor(body, error, details) {
  const position = details.position ?? error.position;
  if (typeof position !== "number") return null;
  let expression = body.expression;
  let characters = position;
  if (Array.isArray(body.calculations)) {
    const item = body.calculations[error.index ?? 0];
    expression = item && item.expression;
  }
  if (typeof expression !== "string") return null;
  if (!error.data) characters = charactersBefore(expression, position);
  const chars = Array.from(expression);
  if (characters > chars.length) return null;
  return [expression, " ".repeat(characters) + "^"];
}

/// The number of characters in the first `bytes` UTF-8 bytes of `text`.
function charactersBefore(text, bytes) {
  const encoder = new TextEncoder();
  let used = 0, count = 0;
  for (const ch of text) {
    used += encoder.encode(ch).length;
    if (used > bytes) break;
    count++;
  }
  return count;
}

// ---- copying, history ----

function shellQuote(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

async function copy(text, what) {
  const box = $("copied");
  box.hidden = false;
  box.value = text;
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`${what} copied to the clipboard.`);
  } catch {
    box.focus();
    box.select();
    setStatus(`${what} is in the box below: copy it from there.`);
  }
}

function copyCurl() {
  const url = executeUrl();
  if (!url) return;
  const parts = ["curl -sS -X POST", shellQuote(location.origin + url), "-H 'Content-Type: application/json'"];
  if (token()) parts.push("-H", shellQuote(`Authorization: Bearer ${token()}`));
  parts.push("-d", shellQuote(JSON.stringify(readBody())));
  copy(parts.join(" "), "The curl command");
}

function copyMcp() {
  const server = { type: "http", url: `${location.origin}/mcp` };
  if (token()) server.headers = { Authorization: `Bearer ${token()}` };
  copy(JSON.stringify({ mcpServers: { reckon: server } }, null, 2), "The MCP configuration");
}

function remember(tool, body, answer) {
  const summary = answer.error ? `error: ${answer.error.message}` :
    answer.value ?? (answer.content ? answer.content.map((c) => c.text).join("; ") : answer.result);
  state.history.unshift({ tool, body, summary: String(summary) });
  state.history = state.history.slice(0, 50);
  try { sessionStorage.setItem("reckon-history", JSON.stringify(state.history)); } catch { /* private mode */ }
  showHistory();
}

function showHistory() {
  $("history").replaceChildren(...state.history.map((entry) => el("li", {}, el("button", {
    type: "button",
    text: `${entry.tool}: ${entry.body.expression ?? JSON.stringify(entry.body)} → ${entry.summary}`,
    onclick: async () => {
      $("tool").value = entry.tool;
      await chooseTool(entry.tool);
      fillForm(entry.body);
    },
  }))));
}

function start() {
  try {
    state.history = JSON.parse(sessionStorage.getItem("reckon-history") || "[]");
    $("token").value = sessionStorage.getItem("reckon-token") || "";
  } catch { /* private mode */ }
  showHistory();
  $("tool").addEventListener("change", (e) => chooseTool(e.target.value).catch((error) => setStatus(error.message)));
  $("token").addEventListener("change", () => {
    try { sessionStorage.setItem("reckon-token", token()); } catch { /* private mode */ }
    loadCatalogue();
  });
  $("request").addEventListener("submit", evaluate);
  $("request").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) evaluate(e);
  });
  $("copy-curl").addEventListener("click", copyCurl);
  $("copy-mcp").addEventListener("click", copyMcp);
  loadCatalogue();
}

document.addEventListener("DOMContentLoaded", start);
