/** Tables of the users-and-permissions module (issue: accounts). */
export {};
