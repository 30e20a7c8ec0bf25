#!/usr/bin/env node
console.log('mock-platform');
