#!/usr/bin/env node
// `npm run bench`: the performance budgets of docs/performance.md, measured on this machine, as ONE table (also
// written as JSON, so that two runs can be compared). Not part of `npm test` (which only runs
// `--smoke`, to keep the code paths working; it never judges timings). docs/performance.md explains
// how to read it and holds the latest table.
//
//   node scripts/bench.mjs [--size 10000] [--home-sizes 100,100000] [--handlers sqlite,postgresql]
//                          [--million] [--reuse-million] [--skip-lighthouse] [--skip-site]
//                          [--skip-latency] [--skip-home] [--million-requests 3] [--million-rss-cap-gb 8]
//                          [--duration 10] [--connections 32] [--latency-samples 3] [--lighthouse-runs 3]
//                          [--loader wrk|node] [--load-slow] [--build] [--port-offset 0] [--out file.json] [--smoke]
//                          [--skip-idle] [--skip-photos] [--skip-iiif] [--idle-sizes 2000,100000] [--idle-seconds 60]
//                          [--skip-first-tap] [--tap-runs 3] [--tap-controls menu,search,filter,like]
//                          [--skip-after-write] [--after-write-runs 3]
//                          [--site-url http://localhost:4200]  (Lighthouse and (h) only, against a running site)
//                          [--api-profile folder]  ((c)'s api instances CPU-profiled, a .cpuprofile each)
//   node scripts/bench.mjs --compare a.json b.json
//
// (a) bytes per route: scripts/bundle-size.mjs in headless Chromium against the seeded demo site
// (b) Lighthouse 12, mobile preset, median of --lighthouse-runs runs per page
// (c) api hot paths at --size artifacts (factory data), --connections connections for --duration s,
//     --latency-samples times each, judged on the median p99,
//     with wrk (installed with apt by scripts/install.sh's install_wrk) or a Node load loop; a path
//     that takes over 1 s with no load is reported as missed without the load (unless --load-slow)
// (d) the home page's three api calls at each --home-sizes size: bytes and time, cold and typical
// (e) --million: list and search p95 at 1 000 000 artifacts on FerretDB's PostgreSQL handler
// (f) idle CPU per minute of one api without Redis and of FerretDB at each --idle-sizes size
// (h) the first interaction on the first pages, visitor and member, at the calibrated CPU slowdown:
//     a tap's time to its result and INP, for the first tap (it boots the code) and a later one
// (g) photos: a 12 MP phone photo processed (time, memory), the card's bytes, a derivative served
// (i) IIIF tiles of a 12 MP photo: the first tile on a fresh api; req/s and p99 at 16 connections, cold and cached
//
// Ports: workspace.json's `bench` profile, shifted by --port-offset (or BENCH_PORT_OFFSET).
// Results: bench-results/<timestamp>.json (or --out) and bench-results/latest.json (not with --smoke).
//
// The sections live in scripts/bench/: options, helpers, load (wrk and a Node loop), seed, site
// (bytes, Lighthouse), first-tap (+ first-tap-page, what runs in the measured page), latency, home,
// million, photos, iiif-tiles, report (table, --compare), main. A new section is one
// module there and one call in main.mjs.
import { runBench } from './bench/main.mjs';

runBench();
