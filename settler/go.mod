module pred.dev/settler

go 1.26.0
