export * from "./auth.js";
export * from "./fixed.js";
export * from "./login.js";
export * from "./order.js";
export * from "./signer.js";
export * from "./wallet.js";
