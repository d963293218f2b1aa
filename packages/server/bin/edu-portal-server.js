#!/usr/bin/env node
// `npx edu-portal-server --port 8080 --data-dir ./.data`: the reference server built to dist/.
import '../dist/main.js';
