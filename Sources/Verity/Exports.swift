import VerityAPI
