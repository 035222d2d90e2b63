// An EIP-1193 provider announced through EIP-6963, injected by the tests
// before the page's scripts. Every request goes to the Go function the
// test exposed, which signs with the test key.
(() => {
  const info = __PRED_WALLET_INFO__;
  const listeners = new Map();
  const emit = (event, value) => {
    for (const fn of listeners.get(event) ?? []) fn(value);
  };
  const provider = {
    async request(args) {
      if (!args || typeof args.method !== "string") {
        throw Object.assign(new Error("request takes {method, params}"), { code: -32602 });
      }
      const r = await window[info.fn]({ method: args.method, params: Array.isArray(args.params) ? args.params : [] });
      if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      if (args.method === "wallet_switchEthereumChain") emit("chainChanged", args.params[0].chainId);
      return r.result ?? null;
    },
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(fn);
      return provider;
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
  };
  // A version 4 UUID; crypto.randomUUID exists only in secure contexts,
  // and the provider runs in every document, about:blank included.
  const uuid = () => {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const icon = "data:image/svg+xml," + encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#334155"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">T</text></svg>');
  const detail = Object.freeze({
    info: Object.freeze({ uuid: uuid(), name: info.name, icon, rdns: info.rdns }),
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();
