#!/usr/bin/env node
// build.js compiles the exchange's contracts with solc-js from npm and
// writes their artifacts and Go bindings. Nothing is downloaded: both
// compilers are npm packages pinned in package.json (solc 0.8.37, and solc
// 0.5.10 under the alias solc-0.5 for Gnosis ConditionalTokens 1.0.3, the
// version its published build used). Audited contracts are read from their
// npm packages in node_modules, never copied.
//
//   node build.js compile   compile and write artifacts/<Contract>.json
//   node build.js bind      run abigen (go tool abigen) on the artifacts
//                           into bind/<package>/<package>.go
//
// The output depends only on the sources and the settings below, so a
// re-run writes the same bytes (make contracts-check relies on it).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = __dirname;
const NODE_MODULES = path.join(ROOT, 'node_modules');
const ARTIFACTS = path.join(ROOT, 'artifacts');
const BIND = path.join(ROOT, 'bind');

const CT = '@gnosis.pm/conditional-tokens-contracts/contracts/';
const SAFE = '@safe-global/safe-contracts/contracts/';

// Each compilation is one solc standard-JSON run. `emit` lists the
// contracts written as artifacts: [source unit, contract name].
const compilations = [
  {
    // Exactly the settings of the package's own published build
    // (build/contracts/ConditionalTokens.json: solc 0.5.10, optimizer on
    // with 200 runs, evmVersion petersburg), so the runtime code equals
    // the audited artifact's byte for byte except the metadata hash.
    compiler: 'solc-0.5',
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'petersburg' },
    sources: [CT + 'ConditionalTokens.sol'],
    emit: [[CT + 'ConditionalTokens.sol', 'ConditionalTokens']],
    published: { ConditionalTokens: '@gnosis.pm/conditional-tokens-contracts/build/contracts/ConditionalTokens.json' },
  },
  {
    compiler: 'solc',
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
    sources: [
      'contracts/CTFExchange.sol',
      'contracts/DevStablecoin.sol',
      'contracts/RedeemModule.sol',
      'contracts/SafeFactory.sol',
      'contracts/USDW.sol',
      SAFE + 'Safe.sol',
      SAFE + 'proxies/SafeProxy.sol',
      SAFE + 'handler/CompatibilityFallbackHandler.sol',
      SAFE + 'libraries/MultiSendCallOnly.sol',
    ],
    emit: [
      ['contracts/CTFExchange.sol', 'CTFExchange'],
      ['contracts/DevStablecoin.sol', 'DevStablecoin'],
      ['contracts/RedeemModule.sol', 'RedeemModule'],
      ['contracts/SafeFactory.sol', 'SafeFactory'],
      ['contracts/USDW.sol', 'USDW'],
      [SAFE + 'Safe.sol', 'Safe'],
      [SAFE + 'proxies/SafeProxy.sol', 'SafeProxy'],
      [SAFE + 'handler/CompatibilityFallbackHandler.sol', 'CompatibilityFallbackHandler'],
      [SAFE + 'libraries/MultiSendCallOnly.sol', 'MultiSendCallOnly'],
    ],
  },
];

// Go bindings: artifact name -> package under bind/. SafeProxy has no
// binding: only its creation code matters (see package safewallet).
const bindings = [
  ['ConditionalTokens', 'ctf'],
  ['CTFExchange', 'exchange'],
  ['DevStablecoin', 'stablecoin'],
  ['USDW', 'usdw'],
  ['Safe', 'safe'],
  ['SafeFactory', 'safefactory'],
  ['CompatibilityFallbackHandler', 'fallbackhandler'],
  ['MultiSendCallOnly', 'multisend'],
  ['RedeemModule', 'redeemmodule'],
];

// Sources resolve against the module directory first (contracts/...) and
// then node_modules (npm packages), with relative source unit names so
// that no absolute path reaches the metadata.
function readSource(unit) {
  for (const base of [ROOT, NODE_MODULES]) {
    const p = path.join(base, unit);
    if (fs.existsSync(p)) return fs.readFileSync(p, 'utf8');
  }
  return null;
}

function compile(c) {
  const solc = require(c.compiler);
  const input = {
    language: 'Solidity',
    sources: {},
    settings: {
      ...c.settings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  for (const s of c.sources) {
    const content = readSource(s);
    if (content === null) throw new Error(`source ${s} not found (run npm ci in proto/chain)`);
    input.sources[s] = { content };
  }
  const findImports = (unit) => {
    const content = readSource(unit);
    return content === null ? { error: `import ${unit} not found` } : { contents: content };
  };
  // solc 0.5's wrapper takes the callback itself, newer ones an object.
  const callbacks = c.compiler === 'solc-0.5' ? findImports : { import: findImports };
  const out = JSON.parse(solc.compile(JSON.stringify(input), callbacks));
  let failed = false;
  for (const e of out.errors || []) {
    const own = e.sourceLocation && e.sourceLocation.file && e.sourceLocation.file.startsWith('contracts/');
    if (e.severity === 'error') {
      failed = true;
      process.stderr.write(e.formattedMessage + '\n');
    } else if (own) {
      // Warnings in the audited packages are theirs to fix, not ours.
      process.stderr.write(e.formattedMessage + '\n');
    }
  }
  if (failed) throw new Error(`compilation with ${c.compiler} failed`);
  return { version: solc.version(), out };
}

// withoutMetadata cuts the CBOR metadata that solc appends to runtime code
// (its length is the last two bytes).
function withoutMetadata(hex) {
  const n = parseInt(hex.slice(-4), 16);
  return hex.slice(0, hex.length - 2 * (n + 2));
}

// checkPublished refuses a build whose runtime code differs from the
// package's published artifact in anything but the metadata hash: the
// contract is compiled exactly as audited and published, unmodified.
function checkPublished(name, file, deployed) {
  const pub = JSON.parse(fs.readFileSync(path.join(NODE_MODULES, file), 'utf8'));
  if (withoutMetadata(pub.deployedBytecode.replace(/^0x/, '')) !== withoutMetadata(deployed)) {
    throw new Error(`${name}: runtime code differs from the published ${file}`);
  }
  process.stdout.write(`  ${name}: runtime code equals the published build's (metadata aside)\n`);
}

function artifactPath(name) {
  return path.join(ARTIFACTS, name + '.json');
}

function compileAll() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const written = new Set();
  for (const c of compilations) {
    process.stdout.write(`compiling ${c.sources.length} sources with ${c.compiler}\n`);
    const { version, out } = compile(c);
    for (const [unit, name] of c.emit) {
      const ct = out.contracts[unit] && out.contracts[unit][name];
      if (!ct) throw new Error(`${unit}:${name} missing from the compiler output`);
      const bytecode = ct.evm.bytecode.object;
      if (bytecode.includes('__')) throw new Error(`${name} needs linking, which build.js does not do`);
      const artifact = {
        contractName: name,
        sourceName: unit,
        compiler: version,
        settings: c.settings,
        abi: ct.abi,
        bytecode: '0x' + bytecode,
        deployedBytecode: '0x' + ct.evm.deployedBytecode.object,
      };
      fs.writeFileSync(artifactPath(name), JSON.stringify(artifact, null, 2) + '\n');
      written.add(name + '.json');
      const size = ct.evm.deployedBytecode.object.length / 2;
      process.stdout.write(`  ${name}: ${size} bytes of runtime code${size > 24576 ? ' (over the EIP-170 limit!)' : ''}\n`);
      if (c.published && c.published[name]) checkPublished(name, c.published[name], ct.evm.deployedBytecode.object);
    }
  }
  for (const f of fs.readdirSync(ARTIFACTS)) {
    if (f.endsWith('.json') && !written.has(f)) fs.unlinkSync(path.join(ARTIFACTS, f));
  }
}

function bindAll() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pred-abigen-'));
  try {
    for (const [name, pkg] of bindings) {
      const a = JSON.parse(fs.readFileSync(artifactPath(name), 'utf8'));
      const abi = path.join(tmp, name + '.abi');
      const bin = path.join(tmp, name + '.bin');
      fs.writeFileSync(abi, JSON.stringify(a.abi));
      fs.writeFileSync(bin, a.bytecode.slice(2));
      const dir = path.join(BIND, pkg);
      fs.mkdirSync(dir, { recursive: true });
      const outFile = path.join(dir, pkg + '.go');
      process.stdout.write(`abigen ${name} -> bind/${pkg}/${pkg}.go\n`);
      execFileSync('go', ['tool', 'abigen', '--abi', abi, '--bin', bin, '--pkg', pkg, '--type', name, '--out', outFile], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const cmd = process.argv[2] || 'all';
switch (cmd) {
  case 'compile':
    compileAll();
    break;
  case 'bind':
    bindAll();
    break;
  case 'all':
    compileAll();
    bindAll();
    break;
  default:
    process.stderr.write('usage: node build.js [compile|bind|all]\n');
    process.exit(2);
}
