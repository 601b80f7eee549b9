#!/usr/bin/env bash
# SQL-injection probe with sqlmap (Debian's package) against the built shop on 127.0.0.1 only.
# Not part of CI (it takes minutes); run it by hand: bash scripts/sqlmap.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "sqlmap is not installed: apt-get install -y sqlmap"; exit 2; }

PORT=${SQLMAP_PORT:-4600}
BASE="http://127.0.0.1:$PORT"
DATA=$(mktemp -d /tmp/shop-sqlmap.XXXXXX)
OUT="$DATA/sqlmap"
npm run build >/dev/null
PORT=$PORT HOST=127.0.0.1 DATA_DIR="$DATA/data" PUBLIC_URL="$BASE" LOG_LEVEL=warn \
  AUTH_RATE_LIMIT_PER_MINUTE=100000 node apps/api/dist/server.js >"$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 1 240); do curl -sf "$BASE/api/ready" >/dev/null && break; sleep 0.5; done
curl -sf "$BASE/api/ready" >/dev/null || { echo "the shop did not start:"; cat "$DATA/server.log"; exit 1; }

EMAIL="probe$(date +%s)@example.com"
curl -sf -c "$DATA/cookies" -H "Origin: $BASE" -H 'Content-Type: application/json' \
  -d "{\"name\":\"Probe\",\"email\":\"$EMAIL\",\"password\":\"secret123\"}" "$BASE/api/auth/sign-up/email" >/dev/null
TOKEN=$(curl -sf -b "$DATA/cookies" -X PUT -H 'Content-Type: application/json' -d "{\"email\":\"$EMAIL\"}" \
  "$BASE/api/user/$EMAIL" | sed -E 's/.*"token":"([^"]+)".*/\1/')
TOOL=$(curl -sf "$BASE/api/tools?limit=1" | sed -E 's/^\[\{"_id":"([^"]+)".*/\1/')
ORDER=$(curl -sf -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
  -d "{\"toolId\":\"$TOOL\",\"quantity\":2,\"phone\":\"555 0100\",\"address\":\"1 Probe Road\"}" \
  "$BASE/api/purchase" | sed -E 's/^\{"_id":"([^"]+)".*/\1/')

probe() {
  local label=$1; shift
  echo "--- $label"
  sqlmap --batch --flush-session --output-dir="$OUT" --level=2 --risk=1 --time-sec=2 \
    --headers="Authorization: Bearer $TOKEN" "$@" 2>&1 |
    grep -E "is vulnerable|injectable|do not appear|not injectable|WARNING.*(heuristic|parameter)" | sort -u | head -8 || true
}

probe "tool search" -u "$BASE/api/tools?search=ssd&page=1&limit=5" -p search,page,limit
probe "tool by id" -u "$BASE/api/tools/$TOOL*"
probe "own orders" -u "$BASE/api/purchase?userEmail=$EMAIL" -p userEmail
probe "order by id" -u "$BASE/api/purchase/$ORDER*"
probe "purchase body" -u "$BASE/api/purchase" --method=POST \
  --data="{\"toolId\":\"$TOOL\",\"quantity\":2,\"phone\":\"555 0100\",\"address\":\"1 Probe Road\"}"
probe "profile body" -u "$BASE/api/userInfo/$EMAIL" --method=PUT \
  --data='{"birthDate":"01-01-90","address":"1 Road","phone":"555 1","profileLink":"https://example.com/p"}'
probe "sign-in body" -u "$BASE/api/auth/sign-in/email" --method=POST --headers="Origin: $BASE" \
  --data="{\"email\":\"$EMAIL\",\"password\":\"secret123\"}"

if grep -rqs "is vulnerable" "$OUT" 2>/dev/null; then echo "RESULT: injectable parameter found"; exit 1; fi
echo "RESULT: no injectable parameter found"
