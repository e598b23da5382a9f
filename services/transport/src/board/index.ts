export { BOARD_PROJECTION, BOARD_TABLE, boardMigrations, boardProjection, boardStatements, boardEventKinds } from './board.projection';
export { BoardQueries } from './board.queries';
export { BoardHub, changeFor } from './board.hub';
export { BoardController } from './board.controller';
export { visibleTo, noteOf, dispatchOf, type BoardRow, type BoardViewer } from './board.rows';
