// Starts `ply lsp` for Prolog files: all the work is the server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('ply').get('path') || 'ply';
  client = new LanguageClient(
    'ply',
    'ply',
    { command, args: ['lsp'] },
    { documentSelector: [{ scheme: 'file', language: 'prolog' }, { scheme: 'untitled', language: 'prolog' }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
