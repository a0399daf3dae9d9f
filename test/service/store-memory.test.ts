// The store contract (store-contract.ts) against MemoryLevelStore.
import { describe } from 'vitest';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { levelStoreContract } from './store-contract.js';

describe('MemoryLevelStore', () => {
  levelStoreContract(async () => new MemoryLevelStore());
});
