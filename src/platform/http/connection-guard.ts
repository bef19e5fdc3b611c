// Caps on open client connections, so that no one client can hold every slot of the server: a
// global cap (HTTP_MAX_CONNECTIONS) and a lower cap per client address
// (HTTP_MAX_CONNECTIONS_PER_ADDRESS). A connection over either cap is closed as it arrives.
//
// The address is the socket's own peer address, never X-Forwarded-For: a connection is refused
// before any byte of it is read, and a header is the client's to forge. Behind a reverse proxy every
// connection comes from the proxy's address, so there the proxy limits each client and this cap
// bounds the proxy's share (README, configuration).
import type { Server } from "node:http";
import { isIPv6, type DropArgument, type Socket } from "node:net";
import type { RefusalReport } from "./refusal-report";

export interface ConnectionCaps {
  maxConnections: number;
  /** Less than maxConnections (config.ts checks), so one address always leaves room for others. */
  maxConnectionsPerAddress: number;
}

/** How many 16-bit groups of an IPv6 address name its /64 network. */
const IPV6_NETWORK_GROUPS = 4;

/**
 * The key that connections from one client share: an IPv4 address as it is, and for IPv6 the /64
 * network, since one machine is given a whole /64 and could otherwise take a new address for
 * each connection. An IPv4 address in IPv6 form (`::ffff:a.b.c.d`, on a dual-stack listener) is
 * the IPv4 client it names.
 */
export function addressKey(address: string): string {
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address.slice("::ffff:".length);
  if (!isIPv6(address)) return address;
  // The zone (`%eth0`) names the interface, not the client.
  const zone = address.indexOf("%");
  const [head = "", tail] = (zone === -1 ? address : address.slice(0, zone)).split("::");
  // An IPv4 address written in the last 32 bits stands for two groups.
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  const network = [...headGroups, ...zeros, ...tailGroups].slice(0, IPV6_NETWORK_GROUPS);
  return `${network.map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

/**
 * Puts both caps on `server`. The HTTP server's own 'connection' listeners are taken off and called
 * only for connections within the cap, so a refused connection never reaches the HTTP parser and
 * costs nothing past its socket. Connections are counted until they close.
 */
export function guardConnections(server: Server, caps: ConnectionCaps, report: RefusalReport = () => undefined): void {
  // Node closes connections past this one before they reach any listener, and says so with 'drop'.
  server.maxConnections = caps.maxConnections;
  server.on("drop", (dropped?: DropArgument) => report("total", addressKey(dropped?.remoteAddress ?? "unknown")));
  const openByAddress = new Map<string, number>();
  const httpListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    // A connection reset before it was handed over has no address and no one to serve.
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy();
      return;
    }
    const key = addressKey(address);
    const open = openByAddress.get(key) ?? 0;
    if (open >= caps.maxConnectionsPerAddress) {
      socket.destroy();
      report("per-address", key);
      return;
    }
    openByAddress.set(key, open + 1);
    socket.once("close", () => {
      const left = (openByAddress.get(key) ?? 1) - 1;
      if (left > 0) openByAddress.set(key, left);
      else openByAddress.delete(key);
    });
    for (const listener of httpListeners) listener.call(server, socket);
  });
}
