// A page for the Node tests of modules that draw (messages.js through views.js):
// just the elements, text, data attributes and classes the page's status line,
// join form and live region use; an element of any id exists when asked for.

export class FakeNode {}

export class FakeElement extends FakeNode {
  constructor(tag, id = "") {
    super();
    this.tagName = tag.toUpperCase();
    this.id = id;
    this.children = [];
    this.dataset = {};
    this.attributes = {};
    this.hidden = false;
    this.text = "";
    this.style = {};
    const classes = new Set();
    this.classList = {
      toggle: (name, on) => ((on ?? !classes.has(name)) ? classes.add(name) : classes.delete(name)),
      contains: (name) => classes.has(name),
      add: (name) => classes.add(name),
    };
  }
  get textContent() { return this.text + this.children.map((c) => c.textContent).join(""); }
  set textContent(value) { this.text = String(value); this.children = []; }
  get childElementCount() { return this.children.length; }
  get firstElementChild() { return this.children[0] || null; }
  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof FakeNode ? node : new FakeText(String(node));
      child.parent = this;
      this.children.push(child);
    }
  }
  replaceChildren(...nodes) { this.children = []; this.append(...nodes); }
  remove() { if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this); }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  addEventListener() {}
  querySelectorAll() { return []; }
  querySelector() { return null; }
}

class FakeText extends FakeNode {
  constructor(text) { super(); this.textContent = text; }
}

/** Installs the page's globals; returns the document. */
export function page() {
  const byId = new Map();
  const document = {
    body: new FakeElement("body"),
    documentElement: {},
    title: "",
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
    getElementById: (id) => {
      if (!byId.has(id)) byId.set(id, new FakeElement("div", id));
      return byId.get(id);
    },
    querySelector: () => null,
  };
  globalThis.document = document;
  globalThis.Node = FakeNode;
  globalThis.window = { innerWidth: 390 };
  Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true, writable: true });
  return document;
}
