// The chat module's services, one file per part; routes and the gateway import them here (the bench: bench.ts).
export {
  directMessagesSince,
  findThreadUser,
  listDirectMessages,
  markDirectMessagesDelivered,
  markDirectMessagesRead,
  storeDirectMessage,
  touchLastSeen,
  undeliveredDirectMessages,
} from './direct-messages';
export {
  findRoom,
  isRoomMember,
  listRoomMessages,
  listRooms,
  roomMessagesSince,
  storeRoomMessage,
} from './rooms';
