module pred.dev/relayer

go 1.26.0
