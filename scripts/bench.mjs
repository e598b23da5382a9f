// npm run bench: builds, then prints the figures side by side in one run.
import { buildServer, checkNode, install, log, must } from './lib.mjs';

checkNode();
install();
buildServer();
log('bench: event append vs raw INSERT (PostgreSQL, 16 clients)');
must('node', ['tests/bench/append.mjs', ...process.argv.slice(2, 4)]);
log('bench: HTTP command latency (autocannon, 64 connections) and the projector lag under that load');
must('node', ['tests/bench/http.mjs', ...process.argv.slice(4, 5)]);
log('bench: 10,000-row spreadsheet import (all or nothing)');
must('node', ['tests/bench/import.mjs']);
log('bench: approvals (instances started and completed per second; task lists at 10,000 open tasks)');
must('node', ['tests/bench/flow.mjs']);
log('bench: asynchronous projection rebuild (PostgreSQL, 200,000 events) beside a raw SELECT scan');
must('node', ['tests/bench/projections.mjs', ...process.argv.slice(5, 6)]);
log('bench: outbound allocation throughput (16 concurrent allocators, PostgreSQL, server in its own process), contended beside uncontended');
must('node', ['tests/bench/allocation.mjs', ...process.argv.slice(6, 7)]);
log('bench: stock ledger projection rebuild (PostgreSQL, 100,000 facts) beside a raw SELECT scan');
must('node', ['tests/bench/stock-rebuild.mjs', ...process.argv.slice(7, 8)]);
log('bench: stock reads at 1,000,000 ledger lines (PostgreSQL; the host in its own process): list with two filters, as of a month back, one material\'s stream');
must('node', ['tests/bench/stock.mjs', ...process.argv.slice(8, 9)]);
