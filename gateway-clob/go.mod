module pred.dev/gateway-clob

go 1.26.0
