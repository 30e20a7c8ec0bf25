/** The panel's styles, inside its shadow root (the page's styles do not reach it, nor its the page). @internal */
export const STYLES = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { position: fixed; z-index: 2147483000; font: 13px/1.45 system-ui, sans-serif; color: #f0f3f6; }
.bottom-right { right: 12px; bottom: 12px; } .bottom-left { left: 12px; bottom: 12px; }
.top-right { right: 12px; top: 12px; } .top-left { left: 12px; top: 12px; }
button { font: inherit; color: #f0f3f6; background: #2d333b; border: 1px solid #8b949e; border-radius: 6px; padding: 4px 10px; cursor: pointer; }
button:hover { background: #3d444d; }
button:focus-visible, .panel:focus-visible { outline: 2px solid #ffd33d; outline-offset: 2px; }
button[aria-pressed='true'] { background: #1f6feb; border-color: #cfe3ff; }
.toggle { border-radius: 999px; padding: 6px 14px; box-shadow: 0 2px 8px rgb(0 0 0 / 40%); background: #1b1f24; }
.panel { position: fixed; inset: auto 12px 56px 12px; max-height: min(70vh, 640px); overflow: auto; background: #1b1f24; border: 1px solid #8b949e; border-radius: 8px; padding: 10px 14px; box-shadow: 0 8px 24px rgb(0 0 0 / 50%); }
.top-right .panel, .top-left .panel { inset: 56px 12px auto 12px; }
.panel[hidden] { display: none; }
header { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
h2 { font-size: 15px; margin: 0; } h3 { font-size: 13px; margin: 12px 0 4px; color: #cfe3ff; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 0 24px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
dt { color: #c9d1d9; } dd { margin: 0; font-variant-numeric: tabular-nums; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; }
ol, ul { list-style: none; margin: 0; padding: 0; font-family: ui-monospace, monospace; font-size: 12px; }
li { padding: 2px 0; border-bottom: 1px solid #30363d; overflow-wrap: anywhere; }
time { color: #c9d1d9; margin-right: 8px; }
.log { max-height: 240px; overflow: auto; }
.problems li { font-family: system-ui, sans-serif; font-size: 12px; }
.problems p { margin: 0; } .fix { color: #ffdfb6; } .detail { color: #c9d1d9; font-family: ui-monospace, monospace; font-size: 11px; }
code { font-size: 11px; overflow-wrap: anywhere; color: #ffdfb6; }
`;
