// Package webapp drives the trader's web app (gateway-clob/web/app) in a
// real Chromium: its tests start a devnet, load the app its CLOB gateway
// serves, and trade through the page with Wallet, an EIP-1193 wallet
// injected into the page whose signatures come from a test key.
package webapp
