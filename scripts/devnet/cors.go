package devnet

import (
	"fmt"

	"pred.dev/proto/runtime/httpmw"
)

// ViteDevOrigin is where a front-end developer's Vite server serves the
// web app while they work on it (Vite's default port).
const ViteDevOrigin = "http://localhost:5173"

// AppOrigins are the origins a devnet's (and make cluster's) APIs allow:
// the web app, which the CLOB gateway on clobPort serves at /app, as a
// browser names it through localhost or 127.0.0.1, and a Vite dev server.
// The app is same-origin for the CLOB and cross-origin for Gamma and the
// Relayer.
func AppOrigins(clobPort int) httpmw.Origins {
	return httpmw.Origins{fmt.Sprintf("http://localhost:%d", clobPort), fmt.Sprintf("http://127.0.0.1:%d", clobPort), ViteDevOrigin}
}
