// pnpm bench: measurements side by side with the peer libraries.
console.log('benchmarks: nothing measured yet');
