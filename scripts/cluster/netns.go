package cluster

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// The NATS nodes' own network, for the partition faults: each node in a
// network namespace of its own, joined to the machine by a veth pair on
// one bridge, with its own address. A partition sets the node's veth
// down on the bridge's side: packets to and from the node are dropped
// (from the other nodes and from every client alike), its TCP
// connections stay open on both sides and hear nothing, as when a switch
// port or a cable fails; healing sets it up again. On loopback that cut
// cannot be made: every node shares one interface, and a node's
// outgoing connections cannot be told from another's.
//
// It needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN) and iproute2's ip. The
// names derive from the first node's client port, which is free when a
// cluster starts, so that clusters running beside each other do not
// meet: the bridge pb<port>, the veths pv<port>n<i>, the namespaces
// pred-<port>-<node>, the subnet 10.<port/256>.<port%256>.0/24 (the
// bridge .1, node i .10+i).

// natsNetns is the network of a cluster's NATS nodes.
type natsNetns struct {
	id     int
	prefix string
}

func newNATSNetns(nodes []NATSNode) natsNetns {
	id := nodes[0].ClientPort
	return natsNetns{id: id, prefix: fmt.Sprintf("10.%d.%d", id>>8&0xff, id&0xff)}
}

func (n natsNetns) bridge() string        { return fmt.Sprintf("pb%d", n.id) }
func (n natsNetns) veth(i int) string     { return fmt.Sprintf("pv%dn%d", n.id, i) }
func (n natsNetns) ns(node string) string { return fmt.Sprintf("pred-%d-%s", n.id, node) }
func (n natsNetns) host(i int) string     { return fmt.Sprintf("%s.%d", n.prefix, 10+i) }

// create makes the bridge and a namespace per node, and returns the
// nodes with their namespace and address. On an error it removes what
// it made.
func (n natsNetns) create(nodes []NATSNode) ([]NATSNode, error) {
	out := make([]NATSNode, len(nodes))
	cmds := [][]string{
		{"link", "add", n.bridge(), "type", "bridge"},
		{"addr", "add", n.prefix + ".1/24", "dev", n.bridge()},
		{"link", "set", n.bridge(), "up"},
	}
	for i, node := range nodes {
		ns := n.ns(node.Name)
		cmds = append(cmds,
			[]string{"netns", "add", ns},
			[]string{"link", "add", n.veth(i), "type", "veth", "peer", "name", "eth0", "netns", ns},
			[]string{"link", "set", n.veth(i), "master", n.bridge(), "up"},
			[]string{"-n", ns, "addr", "add", n.host(i) + "/24", "dev", "eth0"},
			[]string{"-n", ns, "link", "set", "eth0", "up"},
			[]string{"-n", ns, "link", "set", "lo", "up"})
		node.Host, node.Netns = n.host(i), ns
		out[i] = node
	}
	for _, args := range cmds {
		if err := ip(args...); err != nil {
			return nil, errors.Join(err, n.remove(out))
		}
	}
	return out, nil
}

// remove deletes the namespaces (and with them the veths) and the
// bridge; what is already gone is no error.
func (n natsNetns) remove(nodes []NATSNode) error {
	var errs []error
	for _, node := range nodes {
		if node.Netns != "" {
			errs = append(errs, ipMissingOK("netns", "del", node.Netns))
		}
	}
	errs = append(errs, ipMissingOK("link", "del", n.bridge()))
	return errors.Join(errs...)
}

// cut and heal set node i's link to the bridge down and up.
func (n natsNetns) cut(i int) error  { return ip("link", "set", n.veth(i), "down") }
func (n natsNetns) heal(i int) error { return ip("link", "set", n.veth(i), "up") }

func ip(args ...string) error {
	out, err := exec.Command("ip", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("cluster: ip %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
}

func ipMissingOK(args ...string) error {
	err := ip(args...)
	if err != nil && (strings.Contains(err.Error(), "No such file") || strings.Contains(err.Error(), "Cannot find device") ||
		strings.Contains(err.Error(), "does not exist")) {
		return nil
	}
	return err
}
