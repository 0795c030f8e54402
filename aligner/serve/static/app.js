// CineAlign review page: the queue on the left, one pair on the right, one key per decision.
// Plain DOM code, no outside requests. Text from the build is always set as textContent;
// the guidelines are HTML the server rendered from Markdown with raw HTML switched off.
// Several reviewers share one server: every request says who is asking, and the server
// decides what of others' votes that reviewer may see.
"use strict";

const FACETS = { status: "Status", bias_type: "Category", film: "Film", reason: "Reason" };
// The values of the queue facet: where each pair stands for this reviewer. They are the
// page's views, one click apart; "" is every pair.
const VIEWS = [["to vote", "To vote"], ["adjudicate", "Adjudicate"], ["voted", "Voted"],
               ["enough votes", "Enough votes"], ["", "All pairs"]];
const EMPTY = { "to vote": "Nothing is waiting for your vote.",
                adjudicate: "Nothing is waiting for adjudication." };
const REVIEWER = "cinealign-reviewer";
const state = {
  filters: {}, query: "", order: "", items: [], current: null, pair: null, undo: [],
  reviewer: "", checkTimer: null, checkSeq: 0, queueSeq: 0, loading: null, selecting: null,
  showVotes: false, categories: [],
};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  try {
    const response = await fetch(path, options);
    const text = await response.text();
    let data;
    try { data = JSON.parse(text); } catch { data = { error: text || response.statusText }; }
    return { ok: response.ok, status: response.status, data };
  } catch (error) {
    return { ok: false, status: 0, data: { error: `the review server does not answer (${error})` } };
  }
}

function say(text, kind = "info") {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = text ? kind : "";
}

const keyOf = (item) => `${item.pair_id}\u0000${item.lang}`;

// ---- the queue ---------------------------------------------------------------------------

// The latest listing wins: answers to earlier keystrokes in the search box are dropped.
function loadQueue() {
  remember();
  state.loading = fetchQueue(++state.queueSeq);
  return state.loading;
}

// The view and filters live in the address, as the pair does after "#", so a reload or a
// copied link opens the same list; "queue=all" is the choice of every pair, and a link
// without "queue" opens where the server says this reviewer should start.
function remember() {
  const params = new URLSearchParams(location.search);
  for (const [facet, value] of Object.entries(state.filters)) {
    if (value || facet === "queue") params.set(facet, value || "all");
    else params.delete(facet);
  }
  if (params.has("reviewer")) params.set("reviewer", state.reviewer);
  history.replaceState(null, "", `?${params}${location.hash}`);
}

async function fetchQueue(seq) {
  const params = new URLSearchParams({ ...state.filters, q: state.query, order: state.order,
                                       reviewer: state.reviewer });
  const { ok, data } = await api(`/api/pairs?${params}`);
  if (seq !== state.queueSeq) return; // a newer listing is on its way
  if (!ok) { say(data.error, "error"); return; }
  state.items = data.items;
  renderOrder(data.order, data.scored);
  renderViews(data.facets.queue);
  renderFacets(data.facets);
  renderProgress(data.progress);
  renderNotices(data.progress.not_in_queue, data.set_apart);
  renderList();
}

function renderViews(counts) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const chosen = state.filters.queue || "";
  const buttons = VIEWS.map(([view, label]) => el("button", {
    type: "button", id: `view-${(view || "all").replace(" ", "-")}`, "data-view": view || "all",
    "aria-pressed": String(view === chosen), onclick: () => setFilter("queue", view),
  }, `${label} (${view ? counts[view] || 0 : total})`));
  document.getElementById("views").replaceChildren(...buttons);
}

function renderFacets(facets) {
  const box = document.getElementById("facets");
  box.replaceChildren();
  for (const [facet, label] of Object.entries(FACETS)) {
    const chosen = state.filters[facet] || "";
    const select = el("select", { id: `facet-${facet}`, "aria-label": label,
                                  onchange: (event) => setFilter(facet, event.target.value) });
    const total = Object.values(facets[facet]).reduce((a, b) => a + b, 0);
    select.append(el("option", { value: "" }, `${label}: all (${total})`));
    const values = Object.keys(facets[facet]).sort();
    if (chosen && !values.includes(chosen)) values.push(chosen);
    for (const value of values) {
      select.append(el("option", { value, selected: value === chosen },
                       `${label}: ${value} (${facets[facet][value] || 0})`));
    }
    box.append(el("label", { class: "facet" }, select));
  }
}

// A queue nothing screened (a build from seed pairs) has one order and no control for it.
function renderOrder(order, scored) {
  document.getElementById("order-control").hidden = !scored;
  document.getElementById("order").value = order;
}

function setOrder(order) {
  state.order = order;
  loadQueue();
}

function setFilter(facet, value) {
  state.filters[facet] = value;
  loadQueue();
}

function renderProgress(progress) {
  const names = Object.entries(progress.by_reviewer).map(([name, n]) => `${name} ${n}`);
  let text = `Reviewed ${progress.reviewed} of ${progress.total}`;
  if (names.length) text += ` · ${names.join(", ")}`;
  text += ` · ${progress.to_vote} to vote`;
  if (progress.to_adjudicate) text += ` · ${progress.to_adjudicate} to adjudicate`;
  document.getElementById("progress").textContent = text;
}

// Decisions for pairs this queue lacks: votes in the store whose pairs a later build
// dropped, and sheet rows `align review apply` set apart. Both are kept and none is
// applied; said plainly, so that nobody thinks their earlier work lost, or does it again.
function renderNotices(orphans, apart) {
  const notes = [];
  if (apart && apart.error) {
    notes.push(el("p", { id: "set-apart" }, "Decisions set apart by align review apply are " +
                  "kept in ", el("code", {}, apart.file),
                  `, which cannot be read: ${apart.error}`));
  } else if (apart) {
    notes.push(el("p", { id: "set-apart" }, `${apart.count} decision(s) for pairs that no ` +
                  "longer exist were set apart by align review apply (kept, not applied) in ",
                  el("code", {}, apart.file), `: ${listed(apart.pairs)}`));
  }
  if (orphans.length) {
    notes.push(el("p", { id: "orphaned" }, `${orphans.length} stored decision(s) for pairs ` +
                  `not in this queue (kept, applied if the pairs come back): ${listed(orphans)}`));
  }
  const box = document.getElementById("notices");
  box.replaceChildren(...notes);
  box.hidden = !notes.length;
}

function listed(labels, most = 10) {
  const more = labels.length > most ? ` and ${labels.length - most} more` : "";
  return labels.slice(0, most).join(", ") + more;
}

function renderList() {
  const list = document.getElementById("pairs");
  list.replaceChildren();
  document.getElementById("shown").textContent = `${state.items.length} pairs shown`;
  if (!state.items.length) {
    list.append(el("li", { class: "empty" }, EMPTY[state.filters.queue] || "No pairs match."));
  }
  for (const item of state.items) {
    const current = state.current && keyOf(item) === state.current;
    const button = el("button", {
      type: "button", class: "item", "data-pair": item.pair_id, "data-lang": item.lang,
      "aria-current": current ? "true" : null, onclick: () => select(item),
    },
    el("span", { class: `badge ${item.status}` }, item.status),
    el("span", { class: "id" }, item.pair_id, " ",
       el("span", { class: `place ${item.queue.replace(" ", "-")}` }, item.queue)),
    scoreTag(item.stereotype),
    el("span", { class: "text" }, leaningTag(item.direction),
       el("span", { class: "category" }, item.bias_type),
       item.sent_more || item.tgt_line || item.src_sent_more));
    list.append(el("li", {}, button));
  }
}

// The judge's score and direction ("none" is not shown); nothing for a line nobody screened.
function scoreTag(score) {
  if (score === null || score === undefined) return null;
  return el("span", { class: "score", title: "screening score" }, number(score, 2));
}

function leaningTag(direction) {
  if (!direction || direction === "none") return null;
  return el("span", { class: `direction ${direction}` }, direction);
}

function position() {
  return state.items.findIndex((item) => keyOf(item) === state.current);
}

function move(step) {
  if (!state.items.length) return;
  const here = position();
  const next = here < 0 ? 0 : Math.min(Math.max(here + step, 0), state.items.length - 1);
  select(state.items[next]);
}

function select(item, keepFocus = false) {
  state.current = keyOf(item);
  state.selecting = showPair(item, keepFocus);
  return state.selecting;
}

// Until the chosen pair is on screen, a decision key would act on the one shown before it.
async function settled() {
  let pending;
  do { pending = state.selecting; await pending; } while (pending !== state.selecting);
}

async function showPair(item, keepFocus) {
  history.replaceState(null, "", `#${encodeURIComponent(item.pair_id)}/${item.lang}`);
  const params = new URLSearchParams({ id: item.pair_id, lang: item.lang,
                                       reviewer: state.reviewer });
  const { ok, data } = await api(`/api/pair?${params}`);
  if (state.current !== keyOf(item)) return; // another pair was chosen meanwhile
  if (!ok) { say(data.error, "error"); return; }
  if (!state.pair || keyOf(state.pair) !== keyOf(data)) state.showVotes = false;
  state.pair = data;
  renderList();
  renderPair(data);
  const chosen = document.querySelector("#pairs [aria-current=true]");
  if (chosen) chosen.scrollIntoView({ block: "nearest" });
  if (!keepFocus) document.getElementById("pair").focus({ preventScroll: true });
}

// ---- the pair view -----------------------------------------------------------------------

function marked(segments, fallback) {
  if (!segments) return el("span", { class: "missing" }, fallback || "—");
  return segments.map((s) => (s.diff ? el("mark", {}, s.text) : s.text));
}

function sentences(title, lang, pair, more, less) {
  return el("div", { class: "side", lang },
    el("h3", {}, title),
    el("p", { class: "more" }, el("span", { class: "tag" }, "more"),
       marked(pair && pair.more, more)),
    el("p", { class: "less" }, el("span", { class: "tag" }, "less"),
       marked(pair && pair.less, less)));
}

function contextTable(lines, lang) {
  const table = el("table", { class: "lines" },
    el("thead", {}, el("tr", {}, el("th", {}, "time"), el("th", {}, "cue"),
                       el("th", {}, "line"))));
  const body = el("tbody");
  let last = null;
  for (const line of lines) {
    if (last !== null && last !== line.lang) body.append(el("tr", { class: "gap" }, el("td", { colspan: 3 })));
    last = line.lang;
    body.append(el("tr", { class: `${line.role} ${line.lang === lang ? "tgt" : "src"}`,
                           lang: line.lang },
      el("td", { class: "time" }, line.start || ""),
      el("td", { class: "cue" }, `${line.lang} ${line.cue_id || ""}`),
      el("td", {}, line.text)));
  }
  table.append(body);
  return table;
}

function number(value, digits = 3) {
  return value === null || value === undefined ? "—" : Number(value).toFixed(digits);
}

function renderPair(pair) {
  const view = document.getElementById("pair");
  const decision = pair.decision && pair.decision.decision ? pair.decision : null;
  const verdict = pair.verdict
    ? `${pair.verdict}${pair.verdict_reason ? ": " + pair.verdict_reason : ""}`
    : "not validated";
  const transfer = pair.status === "rejected" ? `rejected: ${pair.reason}` : (pair.status || "ok");
  const time = pair.time_map;
  view.replaceChildren(
    el("div", { class: "title" },
      el("h2", {}, pair.pair_id),
      el("span", { class: `badge ${pair.review_status}`, id: "review-status" },
         pair.review_status),
      pair.review_reason ? el("span", { class: "why" }, pair.review_reason) : null,
      el("span", { class: "meta" },
         `${pair.film} · ${pair.bias_type} · ${pair.stereo_antistereo || ""}`)),
    el("section", { class: "sentences" },
      sentences("English", "en", pair.src_marked, pair.src_sent_more, pair.src_sent_less),
      sentences(`Target (${pair.lang})`, pair.lang, pair.tgt_marked, pair.sent_more,
                pair.sent_less)),
    screeningBlock(pair.screening),
    votesBlock(pair),
    el("section", { class: "context", "aria-label": "Context" },
      el("h3", {}, "The aligned line and its neighbours"),
      pair.lines.length ? contextTable(pair.lines, pair.lang)
        : el("p", { class: "missing" }, pair.tgt_line || "no context lines in this queue")),
    el("section", { class: "facts" },
      el("div", {}, el("h3", {}, "Alignment"),
        el("p", {}, `confidence ${number(pair.confidence, 2)} · cosine ${number(pair.cosine)}` +
                    ` · margin ${number(pair.margin)}`),
        el("p", { id: "time-map" }, time
          ? `time map: English ${time.source} → expected ${time.mapped} → found ` +
            `${time.target} (${time.delta_ms >= 0 ? "+" : ""}${time.delta_ms} ms)`
          : "time map: —")),
      el("div", {}, el("h3", {}, "Validator"),
        el("p", { id: "verdict", class: pair.verdict === "ok" ? "ok" : "bad" }, verdict),
        pair.verdict_message ? el("p", { class: "message" }, pair.verdict_message) : null,
        el("p", {}, `transfer: ${transfer}`),
        pair.message ? el("p", { class: "message" }, pair.message) : null),
      el("div", {}, el("h3", {}, "Lexicon"), conceptList(pair.concepts))),
    decisionPanel(pair, decision));
}

// Why the judge put this line where it is in the queue; absent for a seed build's pairs.
function screeningBlock(screening) {
  if (!screening) return null;
  const direction = screening.direction === "none" ? "no stereotype"
    : screening.direction || "direction —";
  return el("section", { class: "screening", id: "screening", "aria-label": "Screening" },
    el("h3", {}, "Screening"),
    el("p", {}, `score ${number(screening.stereotype, 2)} · ${direction} · judge: ` +
                `${screening.judge || "—"}`),
    screening.rationale ? el("p", { class: "rationale", lang: "en" }, screening.rationale)
      : null);
}

// Others' votes: hidden until this reviewer has voted (the server sends none before), then
// behind a toggle, so a reviewer who wants to can still look only at their own judgement.
function votesBlock(pair) {
  const others = pair.votes || [];
  const box = el("section", { class: "votes", id: "votes", "aria-label": "Votes" },
    el("h3", {}, "Votes"));
  if (!pair.revealed) {
    box.append(el("p", { class: "missing", id: "votes-hidden" },
                  "Others' votes are hidden until you vote."));
    return box;
  }
  const consensus = pair.consensus;
  box.append(el("p", { id: "consensus" }, consensus
    ? `${consensus.consensus}${consensus.decision ? ": " + consensus.decision : ""} ` +
      `(${consensus.accepts} accept, ${consensus.rejects} reject)` +
      `${consensus.why ? " · " + consensus.why : ""}`
    : "no votes yet"));
  box.append(el("button", { type: "button", id: "toggle-votes", "aria-expanded":
                            String(state.showVotes), "aria-keyshortcuts": "v",
                            onclick: toggleVotes },
                `${state.showVotes ? "Hide" : "Show"} others' votes (${others.length}) `,
                el("kbd", {}, "v")));
  if (state.showVotes) {
    box.append(el("ul", { id: "vote-list" }, others.map((v) => el("li", {},
      `${v.reviewer || "unknown"}${v.role === "adjudication" ? " (adjudication)" : ""}: ` +
      `${v.decision}${v.comment ? ` (${v.comment})` : ""}` +
      `${v.decision === "edit" ? ` → ${v.edit_sent_more || pair.sent_more} / ` +
        `${v.edit_sent_less || pair.sent_less}` : ""}` +
      `${v.chosen_direction ? " · " + v.chosen_direction : ""}` +
      `${v.chosen_category ? " · " + v.chosen_category : ""}`))));
  }
  if (pair.queue === "adjudicate" || pair.ruling) box.append(adjudication(pair, others));
  return box;
}

function toggleVotes() {
  if (!state.pair || !state.pair.revealed) return;
  state.showVotes = !state.showVotes;
  renderPair(state.pair);
  document.getElementById("toggle-votes").focus();
}

// An open pair (no majority, or accepting votes that want different text) is settled by
// one decision in the adjudication role: accept as it is, take one of the edits, or reject.
function adjudication(pair, others) {
  const ruling = pair.ruling;
  const edits = others.filter((v) => v.decision === "edit" && v.role === "vote");
  const settle = (cells) => send(cells, "adjudication");
  return el("div", { id: "adjudication" },
    el("h3", {}, "Adjudication"),
    el("p", {}, ruling ? `settled: ${ruling.decision} by ${ruling.reviewer}` +
                         `${ruling.comment ? ` (${ruling.comment})` : ""}`
                       : "The votes leave this pair open; settle it."),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "settle-accept",
                     onclick: () => settle({ decision: "accept" }) }, "Settle: accept"),
      edits.map((v) => el("button", { type: "button", class: "settle-edit",
        onclick: () => settle({ decision: "edit", edit_sent_more: v.edit_sent_more,
                                edit_sent_less: v.edit_sent_less }) },
        `Settle: ${v.reviewer}'s edit`)),
      el("button", { type: "button", id: "settle-reject", onclick: () => {
        const reason = document.getElementById("settle-reason").value;
        settle({ decision: "reject", comment: reason });
      } }, "Settle: reject"),
      el("input", { id: "settle-reason", size: 30, "aria-label": "Reason for rejecting",
                    placeholder: "reason for rejecting" })));
}

function labelControls(pair, decision) {
  const direction = (decision && decision.chosen_direction) || pair.stereo_antistereo || "";
  const category = (decision && decision.chosen_category) || pair.bias_type || "";
  const options = (values, chosen) => values.map(
    (value) => el("option", { value, selected: value === chosen }, value || "—"));
  const categories = state.categories.includes(category) || !category
    ? state.categories : [...state.categories, category];
  return el("div", { class: "labels" },
    el("label", {}, "Direction ", el("select", { id: "chosen-direction" },
       options(["", "stereo", "antistereo"], direction))),
    el("label", {}, "Category ", el("select", { id: "chosen-category" },
       options(["", ...categories], category))));
}

function conceptList(concepts) {
  if (!concepts.length) return el("p", { class: "missing" }, "no concept recorded");
  return el("ul", { class: "concepts" }, concepts.map((c) =>
    el("li", {}, `${c.concept} (${c.lang}) `,
       el("a", { href: c.url, target: "_blank" }, `${c.file}:${c.line}`))));
}

function decisionPanel(pair, decision) {
  const stored = decision
    ? `${decision.decision}${decision.comment ? ` (${decision.comment})` : ""} by ` +
      `${decision.reviewer || "unknown"} at ${decision.decided_at || "?"}, revision ` +
      `${decision.revision}`
    : "no decision yet";
  const editVerdict = decision && decision.decision === "edit"
    ? el("p", { class: decision.edit_verdict === "ok" ? "ok" : "bad" },
         `edit: ${decision.edit_sent_more || pair.sent_more} / ` +
         `${decision.edit_sent_less || pair.sent_less} — validator ${decision.edit_verdict}` +
         `${decision.edit_verdict_reason ? ": " + decision.edit_verdict_reason : ""}`)
    : null;
  const more = (decision && decision.edit_sent_more) || pair.sent_more || pair.tgt_line || "";
  const less = (decision && decision.edit_sent_less) || pair.sent_less || "";
  return el("section", { class: "decide", "aria-label": "Decision" },
    el("h3", {}, "Decision"),
    el("p", { id: "stored-decision" }, stored),
    editVerdict,
    labelControls(pair, decision),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "accept", "aria-keyshortcuts": "a",
                     onclick: () => send({ decision: "accept" }) }, "Accept ", el("kbd", {}, "a")),
      el("button", { type: "button", id: "reject", "aria-keyshortcuts": "r",
                     onclick: () => openForm("reject-form") }, "Reject… ", el("kbd", {}, "r")),
      el("button", { type: "button", id: "edit", "aria-keyshortcuts": "e",
                     onclick: () => openForm("edit-form") }, "Edit… ", el("kbd", {}, "e")),
      el("button", { type: "button", id: "undo", "aria-keyshortcuts": "u",
                     disabled: !state.undo.length, onclick: undo }, "Undo ", el("kbd", {}, "u")),
      el("button", { type: "button", id: "previous", "aria-keyshortcuts": "k",
                     onclick: () => move(-1) }, "Previous ", el("kbd", {}, "k")),
      el("button", { type: "button", id: "next", "aria-keyshortcuts": "j",
                     onclick: () => move(1) }, "Next ", el("kbd", {}, "j"))),
    el("form", { id: "reject-form", hidden: true, onsubmit: (event) => {
      event.preventDefault();
      send({ decision: "reject", comment: document.getElementById("reject-reason").value });
    } },
      el("label", {}, "Why is it rejected? ",
         el("input", { id: "reject-reason", size: 50, value: decision && decision.comment
                       && decision.decision === "reject" ? decision.comment : "" })),
      el("button", {}, "Reject")),
    el("form", { id: "edit-form", hidden: true, onsubmit: (event) => {
      event.preventDefault();
      send({ decision: "edit", edit_sent_more: document.getElementById("edit-more").value,
             edit_sent_less: document.getElementById("edit-less").value,
             comment: document.getElementById("edit-comment").value });
    } },
      el("label", {}, "more ", el("input", { id: "edit-more", lang: pair.lang, size: 60,
                                            value: more, oninput: scheduleCheck })),
      el("label", {}, "less ", el("input", { id: "edit-less", lang: pair.lang, size: 60,
                                            value: less, oninput: scheduleCheck })),
      el("label", {}, "comment ", el("input", { id: "edit-comment", size: 60 })),
      el("div", { id: "live-verdict", "aria-live": "polite" }),
      el("button", {}, "Save edit")));
}

function openForm(id) {
  for (const form of document.querySelectorAll(".decide form")) form.hidden = form.id !== id;
  const form = document.getElementById(id);
  form.querySelector("input").focus();
  if (id === "edit-form") scheduleCheck();
}

function closeForms() {
  let closed = false;
  for (const form of document.querySelectorAll(".decide form")) {
    closed = closed || !form.hidden;
    form.hidden = true;
  }
  if (closed) document.getElementById("pair").focus();
  return closed;
}

// ---- live validation of an edit ----------------------------------------------------------

function scheduleCheck() {
  clearTimeout(state.checkTimer);
  state.checkTimer = setTimeout(check, 120);
}

async function check() {
  const more = document.getElementById("edit-more");
  const less = document.getElementById("edit-less");
  if (!more || !less || !state.pair) return;
  const seq = ++state.checkSeq;
  const { data } = await api("/api/check", {
    lang: state.pair.lang, sent_more: more.value, sent_less: less.value });
  if (seq !== state.checkSeq) return; // a later keystroke has its own answer coming
  const box = document.getElementById("live-verdict");
  box.className = data.status === "ok" ? "ok" : "bad";
  box.replaceChildren(
    el("p", {}, `validator: ${data.status}${data.reason ? ": " + data.reason : ""}`),
    data.message ? el("p", { class: "message" }, data.message) : null,
    data.marked ? el("p", { class: "preview" }, marked(data.marked.more), " / ",
                     marked(data.marked.less)) : null);
  box.dataset.status = data.status;
}

// ---- decisions and undo ------------------------------------------------------------------

function cellsOf(decision) {
  if (!decision || !decision.decision) return { decision: null };
  return { decision: decision.decision, edit_sent_more: decision.edit_sent_more,
           edit_sent_less: decision.edit_sent_less, comment: decision.comment };
}

async function write(pair, cells, base, role = "vote") {
  return api("/api/decision", { pair_id: pair.pair_id, lang: pair.lang, ...cells,
                                base_revision: base, reviewer: state.reviewer, role });
}

function labels() {
  const direction = document.getElementById("chosen-direction");
  const category = document.getElementById("chosen-category");
  return { chosen_direction: direction ? direction.value : null,
           chosen_category: category ? category.value : null };
}

async function send(cells, role = "vote") {
  const pair = state.pair;
  if (!pair) return;
  const before = role === "vote" ? pair.decision : pair.ruling;
  const here = position();
  const following = state.items[here + 1] || state.items[here - 1] || null;
  const { ok, status, data } = await write(pair, { ...labels(), ...cells },
                                           before ? before.revision : null, role);
  if (!ok) {
    say(data.error, "error");
    if (status === 409) await select(pair);
    return;
  }
  if (data.kind !== "unchanged" && role === "vote") {
    state.undo.push({ pair_id: pair.pair_id, lang: pair.lang, previous: cellsOf(before),
                      revision: data.decision.revision });
  }
  say(`${pair.pair_id}: ${cells.decision} saved`, "ok");
  await loadQueue();
  // The pair may have left the view (it no longer wants this reviewer's vote): on to the
  // next one, or, at the end of the view, the pair as it stands now.
  const next = state.items.find((item) => following && keyOf(item) === keyOf(following))
    || state.items.find((item) => keyOf(item) === keyOf(pair)) || state.items[0] || pair;
  await select(next);
}

async function undo() {
  const last = state.undo.pop();
  if (!last) { say("nothing to undo", "info"); return; }
  const { ok, status, data } = await write(last, last.previous, last.revision);
  if (!ok) {
    say(`undo refused: ${data.error}`, "error");
    if (status !== 409) state.undo.push(last);
  } else {
    say(`${last.pair_id}: back to ${last.previous.decision || "no decision"}`, "ok");
  }
  await loadQueue();
  await select(last);
}

// ---- keys --------------------------------------------------------------------------------

function typing(target) {
  return target.matches("input, textarea, select") || target.isContentEditable;
}

function onKey(event) {
  const help = document.getElementById("help");
  if (event.key === "Escape") {
    if (help.open) return;
    if (closeForms()) { event.preventDefault(); return; }
    if (typing(event.target)) { event.target.blur(); document.getElementById("pair").focus(); }
    return;
  }
  if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey || help.open) return;
  const actions = {
    j: () => move(1), k: () => move(-1), ArrowDown: () => move(1), ArrowUp: () => move(-1),
    a: () => send({ decision: "accept" }), r: () => openForm("reject-form"),
    e: () => openForm("edit-form"), u: undo, v: toggleVotes, g: toggleGuidelines,
    "/": () => document.getElementById("search").focus(), "?": () => help.showModal(),
  };
  const action = actions[event.key];
  if (!action || (event.key.startsWith("Arrow") && event.target.tagName === "SELECT")) return;
  event.preventDefault();
  if ("areu".includes(event.key)) settled().then(() => state.pair && action());
  else action();
}

// ---- guidelines --------------------------------------------------------------------------

async function toggleGuidelines() {
  const panel = document.getElementById("guidelines");
  const button = document.getElementById("guidelines-button");
  if (panel.hidden && !panel.dataset.loaded) {
    const { ok, data } = await api("/api/guidelines");
    if (!ok) { say(data.error, "error"); return; }
    document.getElementById("guidelines-text").innerHTML = data.html;
    document.getElementById("guidelines-source").textContent =
      data.default ? "CineAlign's default guidelines (put yours in guidelines.md in the " +
                     "build's folder)" : data.source;
    panel.dataset.loaded = "true";
  }
  panel.hidden = !panel.hidden;
  button.setAttribute("aria-expanded", String(!panel.hidden));
  document.querySelector("main").classList.toggle("with-guidelines", !panel.hidden);
}

// ---- start -------------------------------------------------------------------------------

// The pair the address names after "#" (id/lang, as showPair writes it), or null.
function linkedPair() {
  const hash = decodeURIComponent(location.hash.slice(1));
  const cut = hash.lastIndexOf("/");
  return cut > 0 ? { id: hash.slice(0, cut), lang: hash.slice(cut + 1) } : null;
}

// The server's settings, and the view it opens on for this reviewer (and linked pair).
async function serverState(reviewer, wanted) {
  const { data } = await api(`/api/state?${new URLSearchParams({ reviewer, ...wanted })}`);
  return data;
}

// A name from the address or from this browser is the reviewer's own. The server's
// default is whoever started it, so the page asks; Enter on the name keeps it.
function askName(named, fallback) {
  const prompt = document.getElementById("reviewer-prompt");
  prompt.textContent = fallback ? `Not ${fallback}? Type your name.`
    : "Type your name to see the pairs waiting for your vote.";
  prompt.hidden = Boolean(named);
  if (!state.reviewer) document.getElementById("reviewer").focus();
}

// Another name is another reviewer: their own queue, and their own view of others' votes.
async function setReviewer(name) {
  localStorage.setItem(REVIEWER, name);
  document.getElementById("reviewer-prompt").hidden = true;
  if (name === state.reviewer) return;
  state.reviewer = name;
  state.filters.queue = (await serverState(name)).landing || "";
  await loadQueue();
  const shown = state.items.find((item) => state.pair && keyOf(item) === keyOf(state.pair));
  const next = shown || state.items[0] || state.pair;
  if (next) await select(next, true);
}

async function start() {
  const params = new URLSearchParams(location.search);
  const named = params.get("reviewer") || localStorage.getItem(REVIEWER) || "";
  const wanted = linkedPair();
  const data = await serverState(named, wanted);
  const source = document.getElementById("source");
  source.textContent = `decisions: ${data.store}`;
  source.title = `queue: ${data.source}\ndecisions: ${data.store}`;
  state.categories = data.categories;
  const reviewer = document.getElementById("reviewer");
  state.reviewer = named || data.reviewer;
  reviewer.value = state.reviewer;
  for (const facet of Object.keys(FACETS)) state.filters[facet] = params.get(facet) || "";
  const view = params.get("queue");
  state.filters.queue = view === null ? data.landing || "" : view.replace(/^all$/, "");
  askName(named, data.reviewer);
  const typed = () => setReviewer(reviewer.value.trim() || data.reviewer);
  reviewer.addEventListener("change", typed);
  reviewer.addEventListener("keydown", (event) => { if (event.key === "Enter") typed(); });
  document.getElementById("guidelines-button").addEventListener("click", toggleGuidelines);
  document.getElementById("order").addEventListener(
    "change", (event) => setOrder(event.target.value));
  const search = document.getElementById("search");
  search.addEventListener("input", () => { state.query = search.value; loadQueue(); });
  search.addEventListener("keydown", async (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    await state.loading; // Enter right after typing means the list for what was typed
    if (state.items.length) select(state.items[0]);
  });
  document.getElementById("help-button").addEventListener(
    "click", () => document.getElementById("help").showModal());
  document.addEventListener("keydown", onKey);
  await loadQueue();
  const linked = state.items.find(
    (item) => wanted && item.pair_id === wanted.id && item.lang === wanted.lang);
  if (linked || state.items.length) await select(linked || state.items[0], true);
  else document.getElementById("pair").replaceChildren(el("p", { class: "empty" }, "No pairs."));
  document.body.dataset.ready = "true";
}

start();
