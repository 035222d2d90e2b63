package clobapi

// PostOrdersMax is the most orders one POST /orders holds (the spec's
// limit). It is here, in the wire format, because both sides need it: the
// gateway refuses a longer array (TOO_MANY_ORDERS), and a client that
// sends many orders splits them into requests of this size.
const PostOrdersMax = 15
