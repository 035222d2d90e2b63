// A small element builder: the app renders with plain DOM calls, no UI
// framework (see README: one less dependency to keep up for the long run).

type Attrs = Record<string, string | number | boolean | undefined | EventListener>;
export type Child = Node | string | number | null | undefined | false | Child[];

/** h builds an element: attributes (on* as listeners, false/undefined left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === "function") el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === "testid") el.setAttribute("data-testid", String(v));
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

/** replace puts children in place of el's. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

let ids = 0;
/** uid is a fresh element id, for label/for pairs. */
export function uid(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** field is a labelled input: every input of the app has a visible label. */
export function field(label: string, input: HTMLInputElement | HTMLSelectElement): HTMLElement {
  if (!input.id) input.id = uid("f");
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input);
}
