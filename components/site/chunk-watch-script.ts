/** Spec §9: a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The watcher, as the browser runs it (plain script, before React: a chunk that fails may be
 * React's own). A script of the build (/_next/static/…) that fails, or has neither loaded nor failed
 * within the limit, or a rejected dynamic import of one, shows a bar asking to reload the page.
 * Scripts already in the page when it starts are timed unless their fetch has already ended (a
 * resource timing entry exists); later ones are seen as they are added.
 */
export function chunkWatchScript(limit: number, message: string, reload: string): string {
  // The texts as JS strings that cannot end the script element.
  const text = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){var shown=false;function show(){if(shown)return;shown=true;var d=document.createElement('div');d.setAttribute('role','alert');d.setAttribute('data-testid','chunk-reload');d.style.cssText='position:fixed;left:0;right:0;bottom:0;z-index:10000;display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:center;padding:12px 16px;background:#fff3bf;color:#212529;border-top:1px solid #e67700;font:15px/1.5 system-ui,sans-serif';var s=document.createElement('span');s.textContent=${text(message)};var b=document.createElement('button');b.type='button';b.textContent=${text(reload)};b.setAttribute('data-testid','chunk-reload-button');b.style.cssText='font:inherit;padding:4px 14px;border:1px solid #212529;border-radius:4px;background:#fff;color:#212529;cursor:pointer';b.onclick=function(){location.reload()};d.appendChild(s);d.appendChild(b);(document.body||document.documentElement).appendChild(d)}
function chunk(n){return n&&n.tagName==='SCRIPT'&&/\\/_next\\/static\\//.test(n.src||'')}
function watch(n){if(n.__chunkWatch)return;n.__chunkWatch=1;var t=setTimeout(show,${limit});n.addEventListener('load',function(){clearTimeout(t)});n.addEventListener('error',function(){clearTimeout(t)})}
for(var k=0;k<document.scripts.length;k++){var x=document.scripts[k];if(chunk(x)&&!performance.getEntriesByName(x.src).length)watch(x)}
addEventListener('error',function(e){if(chunk(e.target))show()},true);
addEventListener('unhandledrejection',function(e){var r=e.reason;if(r&&(r.name==='ChunkLoadError'||/loading chunk|failed to load chunk/i.test(String(r.message||''))))show()});
new MutationObserver(function(l){for(var i=0;i<l.length;i++)for(var j=0;j<l[i].addedNodes.length;j++)if(chunk(l[i].addedNodes[j]))watch(l[i].addedNodes[j])}).observe(document.documentElement,{childList:true,subtree:true})})()`;
}
