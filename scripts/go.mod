module pred.dev/scripts

go 1.26.0

require pred.dev/engine v0.0.0

replace (
	pred.dev/engine => ../engine
	pred.dev/proto => ../proto
)
