import { buildServer, buildWeb, checkNode, install } from './lib.mjs';

checkNode();
install();
buildServer();
buildWeb();
