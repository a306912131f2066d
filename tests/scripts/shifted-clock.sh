#!/usr/bin/env bash
# The unit, API and integration suites once more under a shifted clock (docs/decisions/095-one-clock-for-the-site.md):
# at least 400 days ahead, at 23:30 UTC, with every process in Los Angeles' zone (west of UTC, and with clock
# changes). A fixture that names a date which will pass, or code that reads the process's time zone instead
# of the site's, fails here long before the day comes. Needs Debian's faketime.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime not found: install Debian's faketime (apt-get install -y faketime)" >&2
  exit 1
fi
days=${SHIFT_DAYS:-400}
zone=${SHIFT_TZ:-America/Los_Angeles}
# 23:30 UTC on the day `days` ahead, given to faketime as an offset: an offset means the same in any zone.
target=$(date -u -d "$(date -u -d "+${days} days" +%F) 23:30:00" +%s)
offset=$(( target - $(date -u +%s) ))
echo "--- the clock moved to $(date -u -d "@${target}" '+%F %T') UTC (${offset} s ahead), processes in ${zone}"
# Left out: the slowest files that know no calendar (process signals, memory, log output, size limits,
# the proxy, random hostile input); every test that dates, expires, schedules or reports runs again.
skip=(
  tests/integration/log-buffer.test.ts
  tests/integration/console-memory.test.ts
  tests/integration/shutdown.test.ts
  tests/integration/crash.test.ts
  tests/integration/log-format.test.ts
  tests/integration/nginx-proxy.test.ts
  tests/integration/upload-too-large.test.ts
  tests/integration/fuzz.test.ts
)
excludes=()
for file in "${skip[@]}"; do excludes+=(--exclude "${file}"); done
# Only the calendar moves: monotonic clocks (timers, HTTP timeouts) stay real, as on any server.
exec env TZ="${zone}" FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "+${offset}" npx vitest run "${excludes[@]}" "$@"
