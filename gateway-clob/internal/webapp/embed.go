// Package webapp serves the trader's web app (gateway-clob/web/app) from
// the CLOB gateway: the Vite build embedded in the binary, under /app/,
// with /app/config.json telling the page where the three APIs are.
//
// The app is a static page that talks to the exchange only through the
// public APIs and streams (CORS allows its origin), so any gateway replica
// can serve it and none keeps state for it.
package webapp

import (
	"embed"
	"io/fs"
)

// dist holds the build output: dist/app is written by `make web-build`
// (Vite's outDir) before the gateway is compiled. Only dist/README.md is
// committed, so a binary compiled without the build still compiles and
// answers /app/ with a 404 that says how to build it.
//
//go:embed all:dist
var dist embed.FS

// appDir is where Vite writes inside dist.
const appDir = "dist/app"

// Files returns the built app, and whether it was built at all (its
// index.html is there).
func Files() (fs.FS, bool) {
	sub, err := fs.Sub(dist, appDir)
	if err != nil {
		return nil, false
	}
	if _, err := fs.Stat(sub, indexFile); err != nil {
		return nil, false
	}
	return sub, true
}
