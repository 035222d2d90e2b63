module pred.dev/gateway-gamma

go 1.26.0
