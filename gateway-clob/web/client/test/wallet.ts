// A test wallet behind EIP-1193, as a browser extension is: it holds a
// key and answers eth_requestAccounts, eth_chainId and
// eth_signTypedData_v4 from the JSON request alone (numbers as the
// strings or numbers the dapp wrote), so a signature it makes proves the
// request carried the whole message.
import { getAddress, type Hex, type TypedDataDefinition } from "viem";
import { privateKeyToAccount } from "viem/accounts";

import type { EIP1193Provider } from "../src/index.js";

interface TypedDataJSON {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

export class TestWallet implements EIP1193Provider {
  readonly account;
  /** Every request, as the wallet saw it. */
  readonly requests: { method: string; params?: unknown }[] = [];

  constructor(
    key: Hex,
    readonly chainId: number,
  ) {
    this.account = privateKeyToAccount(key);
  }

  async request(a: { method: string; params?: unknown[] | object }): Promise<unknown> {
    this.requests.push(a);
    switch (a.method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [this.account.address.toLowerCase()];
      case "eth_chainId":
        return `0x${this.chainId.toString(16)}`;
      case "eth_signTypedData_v4": {
        const [from, json] = a.params as [string, string];
        if (getAddress(from) !== this.account.address) throw Object.assign(new Error("unknown account"), { code: 4100 });
        if (typeof json !== "string") throw new Error("eth_signTypedData_v4 takes the typed data as a JSON string");
        return this.account.signTypedData(decode(JSON.parse(json) as TypedDataJSON));
      }
      default:
        throw Object.assign(new Error(`unsupported method ${a.method}`), { code: 4200 });
    }
  }
}

/** decode reads typed data as a wallet does: integers from decimal strings or numbers. */
function decode(d: TypedDataJSON): TypedDataDefinition {
  const { EIP712Domain: _domain, ...types } = d.types;
  const conv = (type: string, v: unknown): unknown => {
    if (/^u?int\d*$/.test(type)) return BigInt(v as string | number);
    const fields = types[type];
    if (fields && v && typeof v === "object") {
      return Object.fromEntries(fields.map((f) => [f.name, conv(f.type, (v as Record<string, unknown>)[f.name])]));
    }
    return v;
  };
  const domain = { ...d.domain };
  if (domain["chainId"] !== undefined) domain["chainId"] = Number(domain["chainId"]);
  return { domain, types, primaryType: d.primaryType, message: conv(d.primaryType, d.message) } as unknown as TypedDataDefinition;
}
