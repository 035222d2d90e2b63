module pred.dev/gateway-gamma

go 1.26.0

require (
	github.com/chromedp/chromedp v0.22.1
	github.com/ethereum/go-ethereum v1.17.10
	github.com/getkin/kin-openapi v0.152.0
	github.com/google/uuid v1.6.0
	github.com/labstack/echo/v4 v4.16.0
	github.com/nats-io/nats.go v1.55.0
	github.com/prometheus/client_golang v1.25.0
	go.uber.org/zap v1.28.0
	golang.org/x/time v0.16.0
	google.golang.org/protobuf v1.36.12
	pred.dev/engine v0.0.0
	pred.dev/proto v0.0.0
	pred.dev/proto/chain v0.0.0
	pred.dev/proto/client v0.0.0
	pred.dev/proto/runtime v0.0.0
)

replace (
	pred.dev/engine => ../engine
	pred.dev/proto => ../proto
	pred.dev/proto/chain => ../proto/chain
	pred.dev/proto/client => ../proto/client
	pred.dev/proto/runtime => ../proto/runtime
)
