import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './api';

// Sandboxed and context-isolated: the page gets these two functions and nothing of Electron or Node.
contextBridge.exposeInMainWorld(
  'einvoice',
  createPreloadApi(ipcRenderer, (message, error) => console.error(message, error)),
);
