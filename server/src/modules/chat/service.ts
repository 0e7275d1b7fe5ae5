// The chat module's services, one file per part; routes, the gateway and the bench import them here.
export {
  accessRequester,
  createAccessRequest,
  decideAccessRequest,
  latestAccessRequest,
  listAccessRequests,
} from './access-requests';
export {
  directMessagesQueries,
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
  roomMessagesQueries,
  roomMessagesSince,
  roomsQueries,
  storeRoomMessage,
} from './rooms';
