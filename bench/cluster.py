"""Past one machine, shown on one: three FalkorDB servers in Redis cluster mode, several
tenants' memories spread over them, and the same CLI flow run on each.

    python -m bench.cluster              # 3 nodes, 6 tenants
    python -m bench.cluster --tenants 12

Each tenant is one graph (``falkordb://HOST:PORT/tenant-N``); Redis cluster puts a key
on the shard that owns its hash slot, and kg's own keys for a graph (its writer lock
and undo journal) carry the graph's name as a hash tag, so a tenant's graph, lock and
journal always share one shard. kg may be pointed at any node: the client follows the
cluster's redirections. Loopback only; the servers are stopped at the end.

Prints, per tenant, the node that holds it and whether the flow (ingest, approve,
context, a superseding update, the other tenants' facts never seen) gave the expected
answers, then how many tenants each node holds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.storage.server import free_port, spawn

SLOTS = 16384


def start_cluster(base: Path, nodes: int) -> tuple[list[subprocess.Popen[bytes]], list[int]]:
    """``nodes`` servers with cluster mode on, the 16,384 slots split between them, and
    each introduced to the first; returns when the cluster says it is ok."""
    import redis

    ports = [free_port() for _ in range(nodes)]
    buses = [free_port() for _ in range(nodes)]  # the cluster bus: not port + 10,000
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for i, port in enumerate(ports):
            procs.append(spawn(base / f"node-{i}", port, persist=False, extra=[
                "--cluster-enabled", "yes", "--cluster-config-file",
                str(base / f"node-{i}" / "nodes.conf"), "--cluster-node-timeout", "2000",
                "--cluster-port", str(buses[i])]))
    except BaseException:
        stop(procs)  # the nodes already started do not outlive a failed start
        raise
    clients = [redis.Redis(port=port) for port in ports]
    for i, client in enumerate(clients):
        low, high = i * SLOTS // nodes, (i + 1) * SLOTS // nodes - 1
        client.execute_command("CLUSTER", "ADDSLOTSRANGE", low, high)
        if i:
            client.execute_command("CLUSTER", "MEET", "127.0.0.1", ports[0], buses[0])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        infos = [c.execute_command("CLUSTER", "INFO") for c in clients]
        text = [i.decode() if isinstance(i, bytes) else str(i) for i in infos]
        if all("cluster_state:ok" in t and f"cluster_known_nodes:{nodes}" in t for t in text):
            return procs, ports
        time.sleep(0.1)
    stop(procs)
    raise SystemExit("the cluster did not come up within 30 s")


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait(timeout=20)


def owner(ports: list[int], graph: str) -> int:
    """The port of the node whose slots hold ``graph``."""
    import redis

    client = redis.Redis(port=ports[0])
    slot = int(client.execute_command("CLUSTER", "KEYSLOT", graph))
    for i, port in enumerate(ports):
        if i * SLOTS // len(ports) <= slot < (i + 1) * SLOTS // len(ports):
            return port
    raise AssertionError(slot)


def placed(ports: list[int], graph: str, home: int) -> str:
    """Which nodes hold the graph's key, asked of each node alone (no redirections);
    and whether kg's lock and journal keys hash to the same slot."""
    import redis

    def here(port: int) -> bool:
        try:
            return bool(redis.Redis(port=port).exists(graph))
        except redis.exceptions.MovedError:  # another node's slot
            return False

    holders = [p for p in ports if here(p)]
    client = redis.Redis(port=home)
    slots = {int(client.execute_command("CLUSTER", "KEYSLOT", key))
             for key in (graph, f"kg:{{{graph}}}:writer", f"kg:{{{graph}}}:undo")}
    return f"{', '.join(map(str, holders)) or 'none'} (one slot: {len(slots) == 1})"


def kg(url: str, *args: str, stdin: str = "") -> str:
    out = subprocess.run([sys.executable, "-m", "kg", "--db", url, *args], input=stdin,
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "KG_LOCK_WAIT": "30"})
    if out.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} on {url} failed: {out.stderr.strip()}")
    return out.stdout


def flow(url: str, tenant: int) -> bool:
    """The README's flow on one tenant: what it should know, and nothing of another's."""
    colour = ["teal", "amber", "violet", "coral", "olive", "navy"][tenant % 6]
    kg(url, "ingest", "-", "--speaker", f"Owner{tenant}", "--organisation", f"Org{tenant}",
       stdin=f"Our brand colour is {colour}.\n\nI live in City{tenant}.")
    pending = json.loads(kg(url, "review", "list", "--json"))
    kg(url, "review", "approve", *[c["id"] for c in pending], "--by", "bench")
    kg(url, "ingest", "-", "--speaker", f"Owner{tenant}", "--organisation", f"Org{tenant}",
       stdin="Our brand colour is now green.")
    update = json.loads(kg(url, "review", "list", "--json"))
    kg(url, "review", "approve", *[c["id"] for c in update], "--by", "bench")
    answer = json.loads(kg(url, "context", f"What is Org{tenant}'s brand colour?", "--json"))
    said = " ".join(c["object"] for c in answer["claims"])
    everything = kg(url, "export", "--format", "json", "--band", "all")
    others = [f"City{t}" for t in range(100) if t != tenant]
    return ("green" in said and colour not in said
            and not any(f'"{o}"' in everything for o in others))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--tenants", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.monotonic()
        procs, ports = start_cluster(Path(tmp), args.nodes)
        print(f"cluster of {args.nodes} nodes up in {time.monotonic() - started:.1f} s: "
              f"ports {', '.join(map(str, ports))}")
        try:
            held: dict[int, int] = dict.fromkeys(ports, 0)
            print("| tenant | node owning its slot | via node | flow right | graph, lock "
                  "and journal keys found on |\n|---|---:|---:|---|---|")
            for tenant in range(args.tenants):
                graph = f"tenant-{tenant}"
                via = ports[tenant % len(ports)]  # any node will do: redirections are followed
                home = owner(ports, graph)
                held[home] += 1
                took = time.monotonic()
                right = flow(f"falkordb://127.0.0.1:{via}/{graph}", tenant)
                print(f"| {graph} | {home} | {via} | {'yes' if right else 'NO'} "
                      f"({time.monotonic() - took:.1f} s) | {placed(ports, graph, home)} |")
            print("\ntenants per node: " + ", ".join(f"{p}: {n}" for p, n in held.items()))
        finally:
            stop(procs)


if __name__ == "__main__":
    main()
