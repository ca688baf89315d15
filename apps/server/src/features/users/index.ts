/** The users feature's public face: the only module other features and the wiring import. */
export { createUser, findUserByEmail, nextFareconnectNumber } from './users.service';
