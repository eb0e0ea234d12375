/**
 * Damage to the running machine and to data stores that is not a file: every process of a user, init,
 * the firewall and the services that carry remote access, an account with its home, and more database,
 * key-value and cloud deletes. Each family was first missed on a list written apart from these tables;
 * the near-misses are the same programs doing no harm.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const machineEvasions: HookCase[] = [
  // Every process of a user is `kill -1` by another name; SIGKILL to init stops the machine.
  denies("pkill of every process of a user", "pkill -9 -u dev", "kill-all"),
  denies("pkill by numeric uid", "pkill -KILL -U 1000", "kill-all"),
  denies("killall -u with no program", "killall -u dev", "kill-all"),
  denies("killall --user=", "sudo killall --user=dev", "kill-all"),
  denies("SIGKILL to init", "kill -9 1", "kill-all"),
  denies("SIGKILL to init, signal by name", "kill -s KILL 1", "kill-all"),
  // Network access: the firewall and the services a remote session comes in through.
  asks("iptables flush", "iptables -F", "network-lockout"),
  asks("iptables flush of one table, long option", "iptables -t nat --flush", "network-lockout"),
  asks("default policy DROP", "iptables -P INPUT DROP", "network-lockout"),
  asks("nft flush ruleset", "nft flush ruleset", "network-lockout"),
  asks("ufw reset", "ufw --force reset", "network-lockout"),
  asks("firewalld panic mode", "firewall-cmd --panic-on", "network-lockout"),
  asks("stopping sshd", "systemctl stop sshd", "network-lockout"),
  asks("disabling ssh now", "systemctl disable --now ssh.service", "network-lockout"),
  asks("masking NetworkManager", "systemctl mask NetworkManager", "network-lockout"),
  asks("service ssh stop", "service ssh stop", "network-lockout"),
  asks("interface down", "ip link set eth0 down", "network-lockout"),
  asks("telinit 6", "telinit 6", "system-power"),
  asks("rescue mode", "systemctl isolate rescue.target", "network-lockout"),
  asks("isolate poweroff.target", "systemctl isolate poweroff.target", "system-power"),
  asks("systemctl kexec", "systemctl kexec", "system-power"),
  // An account deleted with its home is the home deleted.
  denies("userdel -r", "userdel -r dev", "delete-home"),
  denies("deluser --remove-home", "deluser --remove-home dev", "delete-home"),
  denies("userdel -r root", "userdel -rf root", "delete-home"),
  // Data stores and clouds.
  denies("redis FLUSHDB after options", "redis-cli -h cache.prod -n 0 flushdb async", "database-drop"),
  denies("redis FLUSHALL on stdin", "echo FLUSHALL | redis-cli", "database-drop"),
  asks("redis DEL of every scanned key", "redis-cli --scan --pattern '*' | xargs redis-cli del", "database-drop"),
  denies("influx delete without a predicate", "influx delete --bucket prod --start 1970-01-01T00:00:00Z --stop 2100-01-01T00:00:00Z", "database-drop"),
  asks("influx delete with a predicate", "influx delete --bucket b --start 2024-01-01T00:00:00Z --stop 2024-01-02T00:00:00Z --predicate '_measurement=\"tmp\"'", "database-drop"),
  asks("one Elasticsearch index", "curl -X DELETE https://es.prod:9200/orders", "database-drop"),
  denies("etcd keys from the empty key", "etcdctl del \"\" --from-key=true", "cloud-delete"),
  denies("pg_dropcluster", "pg_dropcluster --stop 15 main", "database-drop"),
  denies("a statement after a literal", "psql -c \"SELECT 'x'; DROP TABLE users\"", "database-drop"),
  denies("key vault purge", "az keyvault purge --name prod-kv", "cloud-delete"),
  denies("heroku add-on with its data", "heroku addons:destroy heroku-postgresql --confirm my-app", "cloud-delete"),
  denies("oracle cloud bucket", "oci os bucket delete --bucket-name backups --force", "cloud-delete"),
  denies("IBM cloud service instance", "ibmcloud resource service-instance-delete prod-db -f", "cloud-delete"),
  asks("nuget package delete", "dotnet nuget delete MyPkg 1.0.0 -k KEY --non-interactive", "package-unpublish"),
];

export const machineNearMisses: HookCase[] = [
  passes("pkill of one program of a user", "pkill -u dev -f 'node server.js'"),
  passes("killall -u of one program", "killall -u dev node"),
  passes("kill -HUP 1 reloads init", "kill -HUP 1"),
  passes("kill -0 1 only checks", "kill -0 1"),
  passes("kill -9 of one process", "kill -9 12345"),
  passes("iptables listing", "iptables -L -n -v"),
  passes("iptables -S", "iptables -S"),
  passes("nft flush of one table", "nft flush table inet filter"),
  passes("ufw status", "ufw status verbose"),
  passes("stopping a user service", "systemctl --user stop my-dev-server.service"),
  passes("stopping a web server", "systemctl stop nginx"),
  passes("isolate of the default target", "systemctl isolate multi-user.target"),
  passes("sshd status", "systemctl status sshd"),
  passes("interface up", "ip link set eth0 up"),
  passes("shutdown -c cancels", "shutdown -c"),
  passes("shutdown /a aborts", "shutdown /a"),
  passes("userdel without -r", "userdel olduser"),
  passes("userdel --help", "userdel --help"),
  passes("redis GET of a key named flushall", "redis-cli GET flushall"),
  passes("redis DEL of one key", "redis-cli DEL session:1"),
  passes("redis DBSIZE", "redis-cli -n 2 DBSIZE"),
  passes("an app's own DELETE endpoint", "curl -X DELETE http://localhost:3000/api/todos/1"),
  passes("Elasticsearch index list", "curl -s http://localhost:9200/_cat/indices"),
  passes("etcd delete of one key", "etcdctl del foo"),
  passes("pg_lsclusters", "pg_lsclusters"),
  passes("a string literal naming a drop", "psql -c \"SELECT 'DROP DATABASE app' AS hint\""),
  passes("heroku add-on list", "heroku addons --app my-app"),
  passes("nuget sources", "dotnet nuget list source"),
];
